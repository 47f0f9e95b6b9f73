// Glue between libFuzzer's C entry points and a Swift closure. Built only with DTAUDIT_FUZZ=1 and
// -sanitize=fuzzer, which provides LLVMFuzzerRunDriver.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

nonisolated(unsafe) private var target: ((UnsafeBufferPointer<UInt8>) -> Void)?

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The entry point libFuzzer's runtime expects to find; it hands each input to the target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    target?(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// Runs libFuzzer with the process arguments, calling `body` with each input.
public func runFuzzer(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    target = body
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))
}
