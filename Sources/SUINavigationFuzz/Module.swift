// SUINavigationFuzz
