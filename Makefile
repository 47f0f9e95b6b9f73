# Builds a release binary and installs it onto the PATH (macOS and Linux).
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
# On Linux the Swift runtime is linked in, so the binary runs on a CI image without a Swift
# toolchain (it needs only the system's libsqlite3 and C++ runtime); macOS always has the runtime.
STATIC = $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)

.PHONY: build install uninstall test clean

build:
	swift build -c release --product dtaudit $(STATIC)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$(swift build -c release $(STATIC) --show-bin-path)/dtaudit" "$(DESTDIR)$(BINDIR)/dtaudit"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/dtaudit"

test:
	swift test

clean:
	swift package clean
