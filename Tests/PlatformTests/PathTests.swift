import Platform
import Testing

/// Paths worked out without the file system, as the store's discovery and every path shown use them.
@Suite struct PathTests {
    @Test(arguments: [
        ("/a/./b/../c//d", "/a/c/d"),
        ("/", "/"),
        ("", "/"),
        ("/..", "/"),
        ("/a/b/../../..", "/"),
        ("a/b/", "/a/b"),
        ("/Users/ana/My App/./.dtaudit", "/Users/ana/My App/.dtaudit"),
        ("/é/ü/../ß", "/é/ß"),
    ])
    func aPathIsStandardizedWithoutDotsOrRepeatedSlashes(path: String, expected: String) {
        #expect(Files.standardized(path) == expected)
    }
}
