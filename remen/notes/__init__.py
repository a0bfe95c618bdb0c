"""Writing notes (the one road), preparing their text, indexing them, importing and exporting."""
