"""Map graph: hex geometry and movement over the map."""
