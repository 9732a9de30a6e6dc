import Foundation
import SUINavigationCLI

exit(SUINavCLI.run(Array(CommandLine.arguments.dropFirst()), executable: SUINavCLI.currentExecutable()))
