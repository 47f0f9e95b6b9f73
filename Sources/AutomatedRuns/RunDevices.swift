import AuditLog
import DynamicType
import Output

/// A device a run says it ran on: its model (or the simulator's name, which a person may have
/// changed) and the family that follows from it and its platform; nil when neither says.
public struct RunDevice: Sendable, Equatable {
    public var name: String
    public var family: DeviceFamily?

    public init(name: String, family: DeviceFamily?) {
        self.name = name
        self.family = family
    }
}

extension RunContents {
    /// Notes each device a document of the run names, wherever Xcode's outputs put it: `devices`
    /// of `test-results tests` and `test-details`, `devicesAndConfigurations[].device` of
    /// `summary`, `testRuns[].device` of `activities`, and the legacy JSON's
    /// `actions[].runDestination`.
    mutating func noteDevices(in root: JSONReader.Node) {
        for device in root["devices"]?.array ?? [] { noteDevice(device) }
        for entry in root["devicesAndConfigurations"]?.array ?? [] { if let device = entry["device"] { noteDevice(device) } }
        for run in root["testRuns"]?.array ?? [] { if let device = run["device"] { noteDevice(device) } }
        for action in root["actions"]?.legacyArray ?? [] {
            guard let destination = action["runDestination"] else { continue }
            let record = destination["targetDeviceRecord"]
            let platform = record?["platformRecord"]
            noteDevice(model: record?["modelName"]?.legacyString, name: destination["displayName"]?.legacyString ?? record?["name"]?.legacyString,
                       platform: platform?["identifier"]?.legacyString ?? platform?["userDescription"]?.legacyString)
        }
    }

    /// `{deviceName, modelName, platform}` as the Xcode 16 outputs write a device.
    mutating func noteDevice(_ node: JSONReader.Node) {
        noteDevice(model: node["modelName"]?.string, name: node["deviceName"]?.string, platform: node["platform"]?.string)
    }

    /// One device: the model names it when given, since a simulator's name is whatever a person
    /// called it; each device once.
    mutating func noteDevice(model: String?, name: String?, platform: String?) {
        let shown = [model, name].compactMap { $0?.trimmingSpaces }.first { !$0.isEmpty }
        guard let shown else { return }
        let family = [model, name].compactMap { $0 }.lazy.compactMap { DeviceFamily.of(device: $0, platform: platform) }.first
        let device = RunDevice(name: String(shown), family: family)
        if !devices.contains(device) && devices.count < 64 { devices.append(device) }
    }

    /// The families of the devices the run names, in Apple's order; a device dtaudit cannot place
    /// is left out (the run then counts as one that did not say, if no other device is placed).
    public var deviceFamilies: [DeviceFamily] {
        Set(devices.compactMap(\.family)).sorted()
    }
}

extension RunPlan {
    /// The run's name as its recordings keep it, with the families and devices it ran on
    /// (`RunMark`): how a report tells an iPad's results from an iPhone's.
    static func marked(_ run: String, devices: [RunDevice]) -> String {
        let placed = devices.filter { $0.family != nil }
        return RunMark.marking(run, families: placed.compactMap(\.family), devices: placed.map(\.name))
    }
}
