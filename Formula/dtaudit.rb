# Homebrew formula: `brew install --formula ./Formula/dtaudit.rb`, or from a tap that holds this file.
# It builds the tagged source with the Swift toolchain of Xcode and installs what `make install`
# installs: the binary, the shell completions and the manual page, both written by the binary just
# built. Scripts/release writes the tag and revision of each new version.
class Dtaudit < Formula
  desc "Team Dynamic Type audits of iOS apps, from triage to a review-ready report"
  homepage "https://github.com/dtaudit/dtaudit"
  url "https://github.com/dtaudit/dtaudit.git",
      tag:      "v0.1.0",
      revision: "77d87b9fdd2c9390c643dab66347bebe30a15e83"
  license "MIT"
  head "https://github.com/dtaudit/dtaudit.git", branch: "main"

  depends_on xcode: ["26.0", :build]
  depends_on :macos
  uses_from_macos "sqlite"

  def install
    # SwiftPM sandboxes its manifest in a sandbox of its own, which cannot start inside Homebrew's.
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "dtaudit"
    bin.install ".build/release/dtaudit"
    generate_completions_from_executable(bin/"dtaudit", "completions")
    (man1/"dtaudit.1").write Utils.safe_popen_read(bin/"dtaudit", "manual")
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/dtaudit --version")
    system bin/"dtaudit", "init", "--app", "Formula test"
    system bin/"dtaudit", "screen", "add", "Checkout", "--critical"
    system bin/"dtaudit", "record", "Checkout", "--size", "all", "--item", "all", "--pass"
    system bin/"dtaudit", "gate"
    assert_path_exists man1/"dtaudit.1"
  end
end
