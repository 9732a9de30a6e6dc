// SUINavigationSimulator
