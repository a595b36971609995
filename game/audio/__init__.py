"""Sound: effects by kind as the animations reach them, music per scene, at the settings' volumes."""
