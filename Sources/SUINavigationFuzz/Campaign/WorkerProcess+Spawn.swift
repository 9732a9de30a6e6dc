#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import Synchronization

extension WorkerProcess {
    /// Held from creating a worker's pipes to spawning it (see ``makePipes(_:)``).
    static let spawnLock = Mutex<Void>(())

    /// The three pipes of a worker: its input, output and error, both ends of each.
    struct Pipes {
        var inputRead: Int32, inputWrite: Int32
        var outputRead: Int32, outputWrite: Int32
        var errorRead: Int32, errorWrite: Int32
    }

    /// Creates the pipes, close-on-exec so that no other child (workers start concurrently)
    /// inherits an end and keeps a pipe open after its worker ended.
    ///
    /// NB: `pipe2` is not imported, so the flag is set after `pipe`; callers hold ``spawnLock``
    /// from here to the spawn so that no worker starts in between.
    static func makePipes(_ executable: String) throws(WorkerError) -> Pipes {
        var fds: [Int32] = []
        for _ in 0..<3 {
            var pair: [Int32] = [-1, -1]
            let made = pipe(&pair)
            if made == 0 { for fd in pair { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) } }
            guard made == 0 else {
                let reason = String(cString: strerror(errno))
                for fd in fds { FileDescriptorIO.close(fd) }
                throw .cannotStart(executable: executable, reason: "pipe: \(reason)")
            }
            fds += pair
        }
        return Pipes(inputRead: fds[0], inputWrite: fds[1], outputRead: fds[2], outputWrite: fds[3],
                     errorRead: fds[4], errorWrite: fds[5])
    }

    /// Makes the pipes and spawns `executable __worker arguments` under ``spawnLock``; closes the
    /// child's ends of the pipes.
    static func spawnLocked(_ executable: String, _ arguments: [String], _ environment: [String])
        throws(WorkerError) -> (Pipes, Result<pid_t, SpawnError>) {
        try spawnLock.withLock { _ throws(WorkerError) in
            let pipes = try makePipes(executable)
            let spawned = spawn(executable, [executable, "__worker"] + arguments, environment, pipes)
            for fd in [pipes.inputRead, pipes.outputWrite, pipes.errorWrite] { FileDescriptorIO.close(fd) }
            return (pipes, spawned)
        }
    }

    /// `posix_spawn`s the worker with the pipes as its standard streams, in its own process
    /// group, with default handling of the signals the supervisor ignores or catches.
    static func spawn(_ executable: String, _ arguments: [String], _ environment: [String], _ pipes: Pipes) -> Result<pid_t, SpawnError> {
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, pipes.inputRead, 0)
        posix_spawn_file_actions_adddup2(&actions, pipes.outputWrite, 1)
        posix_spawn_file_actions_adddup2(&actions, pipes.errorWrite, 2)
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&empty)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        return code == 0 ? .success(pid) : .failure(SpawnError(code: code))
    }

    /// A `posix_spawn` error number.
    struct SpawnError: Error {
        var code: Int32
    }
}
