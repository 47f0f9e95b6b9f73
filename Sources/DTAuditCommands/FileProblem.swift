/// A file the command could not read or write, said in one line.
struct FileProblem: Error, CustomStringConvertible {
    let description: String
    /// Which exit status it ends the command with.
    var kind: ExitStatus
}
