"""Playing together across devices (issue 22): the transport on loopback."""
