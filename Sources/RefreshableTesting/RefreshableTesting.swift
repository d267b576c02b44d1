@_exported import Refreshable
