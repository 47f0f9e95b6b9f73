import Output

/// Why a run that was read gave nothing to take in: so that a run of hundreds of tests is never
/// answered with silence.
extension RunPlan {
    /// Nil when something was taken in (or had been before); else one paragraph, for people.
    public var whyNothingCounts: String? {
        guard attachments.isEmpty, cells.isEmpty, alreadyAttached.isEmpty, alreadyRecorded.isEmpty else { return nil }
        let read = tests > 0 ? "Read \(counted(tests, "test"))" : "Read the run"
        if screenshots > 0 || audits > 0 || hierarchies > 0 {
            var found: [String] = []
            if screenshots > 0 { found.append(counted(screenshots, "screenshot")) }
            if audits > 0 { found.append(counted(audits, "audit")) }
            if hierarchies > 0 { found.append(counted(hierarchies, "element hierarchy")) }
            let list = found.count > 1 ? found.dropLast().joined(separator: ", ") + " and " + found.last! : found[0]
            if hierarchiesJudged > 0 {
                // Matched, but no judge had what its rule needs (a single size, say).
                return "\(read): \(list); the judges decided no check from the \(counted(hierarchiesJudged, "hierarchy")) matched to a screen (see above)."
            }
            return "\(read): \(list), none matched to a screen and a size (see above)."
        }
        var reasons = ["no test attached a screenshot", "no accessibility audit issue, harness audit or element hierarchy was in it"]
        if otherFailures > 0 {
            reasons.append("its \(counted(otherFailures, "failure")) \(plural("is", otherFailures)) no audit issue")
        }
        if unexportedAttachments > 0 {
            reasons[0] = "its \(counted(unexportedAttachments, "attachment")) are listed without their files"
        }
        var text = "\(read); none counted: " + reasons.joined(separator: "; ") + "."
        if shape.hasPrefix("xcresulttool get") {
            // Xcode keeps an audit's issues as failures only: an audit that found none leaves no trace.
            text += " Test results list audit issues as failures only, so an audit that found nothing leaves no trace here."
        }
        return text + " Tests from 'dtaudit xctest-template' attach a screenshot and the audit's result at each screen and size:"
            + " import the folder 'xcrun xcresulttool export attachments' writes from their run."
    }
}
