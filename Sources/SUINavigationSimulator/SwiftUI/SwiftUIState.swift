import SUINavigationCore

/// SwiftUI's side of the world: the bound path the app owns, and whether an update pass is due.
///
/// Writes batch: several writes in one turn produce one update pass, with the latest value and
/// the transaction of the last write.
struct SwiftUIState {
    /// The bound path (path-driven mode).
    var value = SUINavigationPath()
    /// The transaction of the last write.
    var transaction = NavigationTransaction.animated
    /// Written since the last update pass.
    var dirty = false
}
