"""The ``liftoff`` command line."""
