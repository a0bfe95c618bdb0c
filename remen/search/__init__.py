"""Search: query parsing, the keyword and semantic legs, ranking, and the engine that runs them."""
