import Imaging
import Platform

/// Why the pictures could not be read: the whole reading is dropped, never used in part.
public struct ReadingError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Reads the text of many pictures with tesseract, in batches: each picture is written as a grey
/// PNG into a private folder as it comes, and every `wave` pictures (and at the end) one tesseract
/// process a core reads a share of them from a list file, single lines with `--psm 7` and blocks
/// with `--psm 6`. One process over hundreds of pictures costs its start-up (loading the language
/// models, a quarter of a second) once instead of once a picture. Files are removed once read and
/// the folder when the reader goes, so disk and memory hold at most one wave of pictures.
public final class TextReader {
    public let tesseract: Tesseract
    /// The languages given to tesseract, the main one first: they may change until the first batch
    /// is read (an import learns its labels' languages screen by screen).
    public var languages: [String]
    public let cores: Int
    /// Pictures a batch reads at most: about 10 KB each on disk.
    public let wave: Int
    /// Called with the pictures read and the pictures added so far.
    public var progress: ((_ read: Int, _ total: Int) -> Void)?
    let folder: String
    private var pending: [(id: Int, lines: Int)] = []
    private var texts: [String] = []
    private var batches = 0

    public init(_ tesseract: Tesseract, languages: [String] = ["eng"], cores: Int = System.processorCount, wave: Int = 4000) throws(ReadingError) {
        self.tesseract = tesseract
        self.languages = languages
        self.cores = max(1, cores)
        self.wave = max(1, wave)
        do {
            folder = try Files.makePrivateTemporaryDirectory("text")
        } catch {
            throw ReadingError("\(error)")
        }
    }

    deinit { Files.removeFlatDirectory(folder) }

    /// How many pictures were added.
    public var count: Int { texts.count }

    /// Adds a picture to read; returns its number, by which `finish` gives its text.
    public func add(_ picture: TextImage) throws(ReadingError) -> Int {
        let id = texts.count
        try Self.write(GreyPNG.encode(picture), to: path(of: id))
        texts.append("")
        pending.append((id, picture.lines))
        if pending.count >= wave { try read() }
        return id
    }

    /// Reads what is left and returns every picture's text, by number.
    public func finish() throws(ReadingError) -> [String] {
        try read()
        return texts
    }

    func path(of id: Int) -> String { folder + "/" + String(id) + ".png" }

    /// A new file of the private folder (never one already there), left unsynced: it lives a few seconds.
    static func write(_ bytes: [UInt8], to path: String) throws(ReadingError) {
        let file: BufferedOutput
        do {
            file = try BufferedOutput.createNew(path: path)
        } catch {
            throw ReadingError("\(error)")
        }
        file.write(bytes: bytes)
        guard file.close(syncing: false) else { throw ReadingError("cannot write \(path): \(System.errorDescription(file.errorCode))") }
    }

    /// Reads the pending pictures: single lines and blocks apart, each split among the cores.
    private func read() throws(ReadingError) {
        guard !pending.isEmpty else { return }
        var jobs: [(psm: Int, ids: [Int])] = []
        for (psm, wanted) in [(7, true), (6, false)] {
            let ids = pending.filter { ($0.lines <= 1) == wanted }.map(\.id)
            guard !ids.isEmpty else { continue }
            // A process for fewer than 20 pictures costs more in start-up than it saves.
            let parts = max(1, min(cores, ids.count / 20))
            let size = (ids.count + parts - 1) / parts
            for start in stride(from: 0, to: ids.count, by: size) {
                jobs.append((psm, Array(ids[start..<min(ids.count, start + size)])))
            }
        }
        let done = texts.count - pending.count
        pending = []
        defer {
            for job in jobs { for id in job.ids { try? Files.remove(path(of: id)) } }
        }
        try run(jobs, alreadyRead: done)
    }

    /// Runs the jobs, at most one a core at a time, and takes in their output.
    private func run(_ jobs: [(psm: Int, ids: [Int])], alreadyRead: Int) throws(ReadingError) {
        struct Running { var job: Int; var child: ChildProcess; var output: String; var errors: String }
        var next = 0
        var running: [Running] = []
        var finished = 0, reported = -1
        var failure: ReadingError?
        defer {
            for process in running { process.child.stop() }
        }
        while failure == nil && (next < jobs.count || !running.isEmpty) {
            while running.count < cores && next < jobs.count {
                batches += 1
                let stem = folder + "/batch-" + String(batches)
                try Self.write(Array(jobs[next].ids.map { path(of: $0) + "\n" }.joined().utf8), to: stem + ".txt")
                do {
                    let child = try ChildProcess.start(tesseract.program, [stem + ".txt", "stdout", "--psm", String(jobs[next].psm), "-l", languages.joined(separator: "+"), "tsv"],
                                                       environment: ["OMP_THREAD_LIMIT": "1"], output: stem + ".tsv", errors: stem + ".err")
                    running.append(Running(job: next, child: child, output: stem + ".tsv", errors: stem + ".err"))
                } catch {
                    throw ReadingError("cannot start tesseract: \(error)")
                }
                next += 1
            }
            var stillRunning: [Running] = []
            for process in running {
                guard let ending = process.child.ending() else {
                    stillRunning.append(process)
                    continue
                }
                let job = jobs[process.job]
                defer {
                    for file in [process.output, process.errors, String(process.output.dropLast(4)) + ".txt"] { try? Files.remove(file) }
                }
                guard ending.succeeded else {
                    failure = ReadingError("tesseract \(ending.description) reading \(job.ids.count) pictures" + Self.firstError(process.errors))
                    continue
                }
                guard let bytes = RegularFile(opening: process.output)?.readAll() else {
                    failure = ReadingError("cannot read what tesseract wrote")
                    continue
                }
                switch TSV.pages(String(decoding: bytes, as: UTF8.self), count: job.ids.count) {
                case .success(let pages):
                    for (index, id) in job.ids.enumerated() { texts[id] = pages[index] }
                    finished += job.ids.count
                case .failure(let error):
                    failure = error
                }
            }
            running = stillRunning
            if let progress {
                let reading = running.reduce(0) { $0 + min(jobs[$1.job].ids.count, Self.pagesBegun($1.errors)) }
                let done = alreadyRead + finished + reading
                if done != reported || running.isEmpty { progress(done, texts.count) }
                reported = done
            }
            if failure == nil && !running.isEmpty { System.sleep(milliseconds: 40) }
        }
        if let failure { throw failure }
    }

    /// The pictures a running tesseract has begun: it writes `Page N : file` to standard error for each.
    static func pagesBegun(_ errors: String) -> Int {
        guard let bytes = RegularFile(opening: errors)?.readAll() else { return 0 }
        var count = 0
        var lineStart = true
        var index = 0
        while index < bytes.count {
            if lineStart && bytes.count - index >= 5 && bytes[index] == 0x50 && bytes[index + 1] == 0x61 && bytes[index + 2] == 0x67
                && bytes[index + 3] == 0x65 && bytes[index + 4] == 0x20 { count += 1 }
            lineStart = bytes[index] == 0x0A
            index += 1
        }
        return count
    }

    /// `: Error in pixReadStream: …`, the first line of tesseract's errors that is not progress.
    static func firstError(_ errors: String) -> String {
        guard let bytes = RegularFile(opening: errors)?.readAll() else { return "" }
        let line = String(decoding: bytes.prefix(4096), as: UTF8.self).split(whereSeparator: \.isNewline)
            .first { !$0.hasPrefix("Page ") && !$0.isEmpty }
        return line.map { ": " + TruncationCheck.quoted(String($0)).dropFirst().dropLast() } ?? ""
    }
}

extension ChildProcess.Ending: CustomStringConvertible {
    public var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .killed(let signal): "was ended by signal \(signal)"
        }
    }
}

/// tesseract's TSV output: a row per page, block, paragraph, line and word, each with its page
/// number; words are at level 5 and carry their text in the twelfth column.
enum TSV {
    /// The text of each of `count` pages, lines apart; a page number outside them, or a page
    /// missing, fails the whole reading.
    static func pages(_ output: String, count: Int) -> Result<[String], ReadingError> {
        var texts = [String](repeating: "", count: count)
        var seen = [Bool](repeating: false, count: count)
        var lastLine = [String](repeating: "", count: count)
        for row in output.split(separator: "\n", omittingEmptySubsequences: true).dropFirst() {
            let columns = row.split(separator: "\t", maxSplits: 11, omittingEmptySubsequences: false)
            guard columns.count >= 11, let level = Int(columns[0]), let page = Int(columns[1]) else { continue }
            guard page >= 1 && page <= count else { return .failure(ReadingError("tesseract answered for picture \(page) of \(count)")) }
            seen[page - 1] = true
            guard level == 5, columns.count == 12 else { continue }
            let word = columns[11].trimmingSuffix { $0 == "\r" || $0 == " " }
            guard !word.isEmpty else { continue }
            let line = columns[2] + "." + columns[3] + "." + columns[4]
            if !texts[page - 1].isEmpty { texts[page - 1] += lastLine[page - 1] == line ? " " : "\n" }
            texts[page - 1] += word
            lastLine[page - 1] = String(line)
        }
        if let missing = seen.firstIndex(of: false) {
            return .failure(ReadingError("tesseract gave no answer for picture \(missing + 1) of \(count)"))
        }
        return .success(texts)
    }
}

extension Substring {
    func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var result = self
        while let last = result.last, drop(last) { result.removeLast() }
        return result
    }
}

/// Grey pictures as PNG, each row unfiltered and the whole deflated quickly: what the reader's
/// pictures (mostly white) need, at a tenth of their raw size.
enum GreyPNG {
    static func encode(_ picture: TextImage) -> [UInt8] {
        var rows = [UInt8]()
        rows.reserveCapacity(picture.height * (picture.width + 1))
        for y in 0..<picture.height {
            rows.append(0)
            rows += picture.pixels[(y * picture.width)..<((y + 1) * picture.width)]
        }
        var header: [UInt8] = []
        PNG.appendBigEndian(UInt32(picture.width), to: &header)
        PNG.appendBigEndian(UInt32(picture.height), to: &header)
        header += [8, 0, 0, 0, 0]
        var file = PNG.signature
        PNG.appendChunk("IHDR", header, to: &file)
        PNG.appendChunk("IDAT", Zlib.deflate(rows, level: 1), to: &file)
        PNG.appendChunk("IEND", [], to: &file)
        return file
    }
}
