/// The stored properties of a struct, in declaration order: their names and where each lies in
/// a value, read from the field records the compiler emits for every type (those `Mirror` reads
/// too). `Mirror` also resolves each property's type from its mangled name, which for a generic
/// wrapper (`OptionGroup<GlobalOptions>`) means searching every protocol conformance in the
/// program; the parser needs only names and places, so it reads them here.
///
/// The layouts read are the stable ABI's, the same on every platform Swift runs on
/// (docs/ABI/TypeMetadata.rst in the Swift repository): struct metadata holds its kind and its
/// nominal type descriptor; the descriptor, a relative pointer to its field descriptor and the
/// place of the field offset vector in the metadata; the field descriptor, one record per stored
/// property with a relative pointer to its name.
struct StoredProperties {
    struct Property {
        var name: String
        var offset: Int
    }

    let properties: [Property]

    /// Nil when `type` is not a struct (the parser asks only of commands and option groups).
    init?(of type: Any.Type) {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // The kind of struct metadata: 0 with the flag for metadata not allocated on the heap.
        guard metadata.load(as: UInt.self) == 0x200 else { return nil }
        let descriptor = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
        // Struct descriptor: flags, parent, name, access function, fields, number of fields, place
        // of the field offset vector (in words from the start of the metadata).
        let fields = StoredProperties.follow(descriptor + 16)
        let count = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self))
        let offsetVector = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
        guard let fields, count > 0 else {
            properties = []
            return
        }
        // Field descriptor: mangled type name, superclass, kind, record size, number of records,
        // then the records: flags, mangled type name, name.
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        let offsets = (metadata + offsetVector * MemoryLayout<UInt>.size).assumingMemoryBound(to: UInt32.self)
        properties = (0..<count).map { index in
            let record = fields + 16 + index * recordSize
            let name = StoredProperties.follow(record + 8).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
            return Property(name: name, offset: Int(offsets[index]))
        }
    }

    /// The target of a 32-bit relative pointer stored at `address`, nil for a null one.
    private static func follow(_ address: UnsafeRawPointer) -> UnsafeRawPointer? {
        let distance = address.load(as: Int32.self)
        return distance == 0 ? nil : address + Int(distance)
    }
}
