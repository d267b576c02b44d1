import Refreshable

/// Placeholder until the demo lands.
public enum DemoKit {}
