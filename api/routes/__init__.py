"""One blueprint per resource. Each view loads, calls one application method, dumps."""
