import SUINavigationFuzz
import SUINavigationSimulator

/// A command-line usage error: the message, and the help to print under it. Exit code 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One option a subcommand accepts.
struct OptionSpec {
    let name: String          // "--seed"
    let valueName: String?    // "S"; nil for a flag
    let help: String
    let defaultText: String?

    init(_ name: String, value: String? = nil, _ help: String, default defaultText: String? = nil) {
        self.name = name
        self.valueName = value
        self.help = help
        self.defaultText = defaultText
    }
}

/// Parsed arguments: option values by name, flags, and positional arguments.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags = Set<String>()
    var positionals: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func string(_ name: String) -> String? { values[name] }

    func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text) else { throw UsageError("\(name): expected an integer, found '\(text)'") }
        guard range.contains(value) else {
            throw UsageError("\(name): \(value) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    func uint64(_ name: String) throws(UsageError) -> UInt64? {
        guard let text = values[name] else { return nil }
        guard let value = UInt64(text) else {
            throw UsageError("\(name): expected an unsigned 64-bit integer, found '\(text)'")
        }
        return value
    }
}

/// A subcommand's interface: its options and how to parse them.
struct CommandSpec {
    let name: String
    let overview: String
    let usage: String
    let options: [OptionSpec]
    let maxPositionals: Int

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                parsed.positionals += arguments[index...]
                break
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                let hint = closestMatch(name, in: options.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError("unknown option '\(name)'\(hint)")
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            if let inlineValue {
                parsed.values[name] = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("\(name) needs a value (\(option.valueName!))") }
                parsed.values[name] = arguments[index]
                index += 1
            }
        }
        if parsed.positionals.count > maxPositionals {
            throw UsageError("unexpected argument '\(parsed.positionals[maxPositionals])'")
        }
        return parsed
    }

    /// `--help` text: OVERVIEW / USAGE / OPTIONS with defaults.
    var help: String {
        var lines = ["OVERVIEW: \(overview)", "", "USAGE: \(usage)", "", "OPTIONS:"]
        let width = options.map { $0.name.count + ($0.valueName.map { $0.count + 3 } ?? 0) }.max() ?? 10
        for option in options + [OptionSpec("--help", "Show help information.")] {
            let left = option.name + (option.valueName.map { " <\($0)>" } ?? "")
            let padded = left + String(repeating: " ", count: max(2, width + 4 - left.count))
            lines.append("  " + padded + option.help + (option.defaultText.map { " (default: \($0))" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}

/// The longest duration an option accepts: 365 days, in milliseconds.
let durationMillisecondsMax: Int64 = 365 * 86_400_000

/// Parses `30s`, `2m`, `1h`, `500ms` (and a bare number of seconds) given to `option` into
/// milliseconds, from 1 ms up to ``durationMillisecondsMax``.
///
/// NB: the multiplication is checked: `9999999999999999h` used to overflow `Int64` and trap.
func parseDuration(_ text: String, option: String) throws(UsageError) -> Int64 {
    let units: [(String, Int64)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000)]
    let (digits, scale) = units.first { text.hasSuffix($0.0) }.map { (String(text.dropLast($0.0.count)), $0.1) } ?? (text, 1_000)
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
        throw UsageError("\(option): expected a duration like 30s, 5m or 1h, found '\(text)'")
    }
    guard let value = Int64(digits), case let (product, overflow) = value.multipliedReportingOverflow(by: scale), !overflow,
          product <= durationMillisecondsMax else {
        throw UsageError("\(option): '\(text)' is too long; the longest accepted duration is 365 days (8760h)")
    }
    guard product > 0 else { throw UsageError("\(option): expected a duration above zero, found '\(text)'") }
    return product
}

/// Parses a UIKit profile name given to `option`; with `allowAny`, `any` means "draw one" (nil).
func parseProfile(_ text: String, option: String, allowAny: Bool = false) throws(UsageError) -> SimulationProfile? {
    if allowAny && text == "any" { return nil }
    guard let profile = SimulationProfile(rawValue: text) else {
        throw UsageError("\(option): unknown profile '\(text)'; expected legacy, modern\(allowAny ? ", fluid or any" : " or fluid")")
    }
    return profile
}

/// Parses a scenario family given to `--family`.
func parseFamily(_ text: String) throws(UsageError) -> ScenarioFamily {
    guard let family = ScenarioFamily(rawValue: text) else {
        let hint = closestMatch(text, in: ScenarioFamily.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
        throw UsageError("--family: unknown family '\(text)'\(hint); expected stack, graph or mixed")
    }
    return family
}
