import RefreshableDemoKit

print("refreshable-demo")
