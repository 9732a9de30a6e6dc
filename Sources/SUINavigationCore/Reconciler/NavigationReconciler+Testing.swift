extension NavigationReconciler {
    /// How many transient screens the reconciler still holds (tests check they are released).
    package var transientScreenCount: Int { transientScreens.count }
}
