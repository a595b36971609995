"""Drawing with pygame-ce: the map, units, overlays, animations and the camera."""
