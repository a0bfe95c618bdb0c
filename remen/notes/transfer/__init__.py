"""Reading and writing notes in other formats: JSON Lines and folders of Markdown."""
