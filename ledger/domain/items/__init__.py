"""Items and objects: holding, damage, identification, linkage and firearms."""
