import Foundation
import Platform
import Testing
@testable import TextReading

/// tesseract found, told its languages, run in batches, and its output read strictly; stand-ins
/// for tesseract that fail or answer wrongly fail the whole reading.
@Suite struct TextReaderTests {
    @Test func withoutTesseractOnThePathThereIsNoReader() {
        #expect(Tesseract.find(path: "/nonexistent:/also/not") == nil)
        #expect(Tesseract.missing == "no-truncation is left to people: install tesseract (apt-get install tesseract-ocr / brew install tesseract)")
    }

    @Test func theLanguagesAreTheLocalesOrTheLabelsScriptsAndAlwaysEnglish() {
        #expect(Tesseract.languages(for: ["Checkout", "Pay $49.00"]) == ["eng"])
        #expect(Tesseract.languages(for: ["Доставка", "Apple Pay"]) == ["rus", "eng"])
        #expect(Tesseract.languages(for: ["Lieferung und Rückgabe", "Weiter"]) == ["deu", "eng"])
        #expect(Tesseract.languages(for: ["Checkout"], locale: "de_DE") == ["deu", "eng"])
        #expect(Tesseract.languages(for: ["Checkout"], locale: "zh-Hans") == ["chi_sim", "eng"])
        #expect(Tesseract.languages(for: ["Checkout"], locale: "en-GB") == ["eng"])
        let tesseract = Tesseract(program: "/usr/bin/tesseract", installed: ["eng", "osd", "rus"])
        #expect(tesseract.usable(["deu", "eng"]) == (["eng"], ["deu"]))
        #expect(Tesseract.advice(installing: ["deu", "chi_sim"]) == "apt-get install tesseract-ocr-deu tesseract-ocr-chi-sim / brew install tesseract-lang")
    }

    @Test func tsvOutputGivesEachPagesWordsByLine() throws {
        let output = """
            level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext
            1\t1\t0\t0\t0\t0\t0\t0\t315\t44\t-1\t
            5\t1\t1\t1\t1\t1\t5\t8\t137\t33\t93.2\tDelivery
            5\t1\t1\t1\t1\t2\t156\t9\t23\t25\t92.8\t&
            5\t1\t1\t1\t2\t1\t194\t10\t117\t24\t96.0\treturns
            1\t2\t0\t0\t0\t0\t0\t0\t50\t30\t-1\t

            """
        #expect(try TSV.pages(output, count: 2).get() == ["Delivery &\nreturns", ""])
        #expect(throws: ReadingError.self) { try TSV.pages(output, count: 3).get() }
        #expect(throws: ReadingError.self) { try TSV.pages(output, count: 1).get() }
    }

    /// A stand-in for tesseract: a shell script in a private folder.
    static func standIn(_ body: String) throws -> (Tesseract, String) {
        let folder = try Files.makePrivateTemporaryDirectory("stand-in")
        let path = folder + "/tesseract"
        // Written through a descriptor closed on exec: a child another test starts meanwhile would
        // otherwise hold it open for writing, and running the script would fail as "text file busy".
        let output = try BufferedOutput.createNew(path: path)
        output.write("#!/bin/sh\n" + body + "\n")
        guard output.close(syncing: false) else { throw SystemError(operation: "write", path: path, code: output.errorCode) }
        chmod(path, 0o755)
        return (Tesseract(program: path, installed: ["eng"]), folder)
    }

    static let line = TextImage(width: 3, height: 2, pixels: [0, 255, 0, 255, 0, 255], lines: 1)

    @Test func aTesseractThatFailsFailsTheWholeReadingAndLeavesNoFiles() throws {
        let (tesseract, folder) = try Self.standIn("echo 'Error in pixRead: pix not read' >&2; exit 3")
        defer { Files.removeFlatDirectory(folder) }
        var readerFolder = ""
        do {
            let reader = try TextReader(tesseract, languages: ["eng"], cores: 2)
            readerFolder = reader.folder
            for _ in 0..<50 { _ = try reader.add(Self.line) }
            #expect(throws: ReadingError.self) { try reader.finish() }
            do { _ = try reader.finish() } catch { #expect("\(error)".contains("exited with status 3")) }
        }
        #expect(Files.status(readerFolder) == nil)
    }

    @Test func aTesseractThatAnswersForTooFewPicturesFailsTheReading() throws {
        // Answers for the first picture of each list only.
        let (tesseract, folder) = try Self.standIn("printf 'level\\tpage_num\\n1\\t1\\t0\\t0\\t0\\t0\\t0\\t0\\t1\\t1\\t-1\\t\\n'")
        defer { Files.removeFlatDirectory(folder) }
        let reader = try TextReader(tesseract, languages: ["eng"])
        _ = try reader.add(Self.line)
        _ = try reader.add(Self.line)
        do {
            _ = try reader.finish()
            Issue.record("a reading with a picture unanswered was taken")
        } catch {
            #expect(error.description == "tesseract gave no answer for picture 2 of 2")
        }
    }

    @Test func eachBatchIsOneProcessOverAListWithArgumentsOnly() throws {
        // Records its arguments and answers one word a picture.
        let (tesseract, folder) = try Self.standIn("""
            echo "$@" >> "$(dirname "$0")/calls"
            n=$(wc -l < "$1"); i=1
            printf 'level\\tpage_num\\n'
            while [ $i -le $n ]; do printf '5\\t%d\\t1\\t1\\t1\\t1\\t0\\t0\\t1\\t1\\t90\\tword%d\\n' $i $i; i=$((i+1)); done
            """)
        defer { Files.removeFlatDirectory(folder) }
        let reader = try TextReader(tesseract, languages: ["rus", "eng"], cores: 2, wave: 100)
        var block = Self.line
        block.lines = 3
        for index in 0..<130 { _ = try reader.add(index % 10 == 0 ? block : Self.line) }
        let texts = try reader.finish()
        #expect(texts.count == 130 && texts.allSatisfy { $0.hasPrefix("word") })
        let calls = try String(contentsOfFile: folder + "/calls", encoding: .utf8).split(separator: "\n")
        // A wave of 100 (90 lines in two processes, 10 blocks in one) and the last 30 (27 lines, 3 blocks).
        #expect(calls.count == 5)
        #expect(calls.allSatisfy { $0.contains(" stdout --psm ") && $0.hasSuffix(" -l rus+eng tsv") })
        #expect(calls.filter { $0.contains("--psm 6") }.count == 2)
    }
}
