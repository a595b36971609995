"""Online play: a lockstep skirmish server, its wire protocol, map bundles and the client session (docs/network.md)."""
