"""The event stores (SQLite, PostgreSQL) and the rows they keep."""
