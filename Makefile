# Builds a release binary and installs it onto the PATH (macOS and Linux).
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin

.PHONY: build install uninstall test clean

build:
	swift build -c release --product dtaudit

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$(swift build -c release --show-bin-path)/dtaudit" "$(DESTDIR)$(BINDIR)/dtaudit"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/dtaudit"

test:
	swift test

clean:
	swift package clean
