"""Tiled maps to battlefields (pytmx, headless); the only package that imports pytmx."""
