// SUINavigationCLI
