"""The Textual interface. Only this package imports Textual; it talks to the service only."""
