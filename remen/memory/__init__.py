"""The memory layer: notes read into a knowledge graph of entities, statements and labels."""
