import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The world reads the library's own last save without decoding it; what it reads must be what
/// decoding the store's bytes gives, also after bytes were planted.
@Suite("Stored path")
struct StoredPathTests {
    @Test("the stored path equals the decoded store content after 60 seeded random worlds")
    func storedPathIsTheDecodedContent() throws {
        var compared = 0
        for seed in UInt64(1)...60 {
            let world = RandomWorld.run(seed: seed)
            guard let bytes = world.storedBytes else { continue }
            #expect(world.storedPath == (try? NavigationPathCodec().decode(bytes)), "seed \(seed)")
            compared += 1
        }
        #expect(compared > 10)
    }

    @Test("planted bytes are decoded, not taken for the library's last save")
    func plantedBytesAreDecoded() throws {
        for seed in UInt64(1)...40 {
            let world = RandomWorld.run(seed: seed)
            guard let saved = world.storedPath, let last = saved.entries.last else { continue }
            var planted = saved
            planted.replace(at: saved.entries.count - 1, key: last.key, payload: Data("{\"value\":123456}".utf8))
            world.plantSnapshot(try NavigationPathCodec().encode(planted))
            #expect(world.storedPath == planted)
            world.plantSnapshot(Data("not json".utf8))
            #expect(world.storedPath == nil)
            return
        }
        Issue.record("no seed left a snapshot")
    }
}
