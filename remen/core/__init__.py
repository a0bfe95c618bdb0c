"""Plain data and helpers every layer may use: models, errors, constants, text, time, settings."""
