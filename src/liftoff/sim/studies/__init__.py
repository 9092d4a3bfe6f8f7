"""Helpers for the studies published in ``docs/studies`` (beyond ``liftoff report``)."""
