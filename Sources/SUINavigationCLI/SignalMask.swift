import Foundation

/// Unblocks SIGINT and SIGTERM in the calling thread (and the threads it starts later).
///
/// NB: a parent can start `suinav` with them blocked (a libdispatch thread's signal mask is
/// inherited across exec: Foundation's `Process` run from such a thread does it); a blocked
/// SIGINT would never reach the handler, and Ctrl-C would do nothing.
func unblockStopSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
}
