import SUINavigationSimulator

extension SimulationRandom {
    /// A uniform integer in `0..<bound` (bound >= 1).
    mutating func below(_ bound: Int) -> Int { int(in: 0..<bound) }
}
