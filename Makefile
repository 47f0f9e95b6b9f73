# Builds a release binary and installs it onto the PATH (macOS and Linux), with its shell completions
# and its manual page.
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
# Where each shell looks for completions under PREFIX: bash-completion, zsh's site-functions
# (in fpath of Homebrew's and most distributions' zsh), fish's vendor folder.
BASHCOMPLETIONDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPLETIONDIR = $(PREFIX)/share/zsh/site-functions
FISHCOMPLETIONDIR = $(PREFIX)/share/fish/vendor_completions.d
MANDIR = $(PREFIX)/share/man/man1
# On Linux the Swift and C++ runtimes are linked in (Scripts/build-release); macOS always has them.
BUILT = $$(Scripts/build-release --show-bin-path)/dtaudit

.PHONY: build install uninstall test clean

build:
	Scripts/build-release --product dtaudit

# The scripts and the page come from the binary just built, so they describe exactly its commands.
install: build
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(BASHCOMPLETIONDIR)" "$(DESTDIR)$(ZSHCOMPLETIONDIR)" "$(DESTDIR)$(FISHCOMPLETIONDIR)" \
		"$(DESTDIR)$(MANDIR)"
	install -m 0755 "$(BUILT)" "$(DESTDIR)$(BINDIR)/dtaudit"
	"$(BUILT)" completions bash > "$(DESTDIR)$(BASHCOMPLETIONDIR)/dtaudit"
	"$(BUILT)" completions zsh > "$(DESTDIR)$(ZSHCOMPLETIONDIR)/_dtaudit"
	"$(BUILT)" completions fish > "$(DESTDIR)$(FISHCOMPLETIONDIR)/dtaudit.fish"
	"$(BUILT)" manual > "$(DESTDIR)$(MANDIR)/dtaudit.1"
	chmod 0644 "$(DESTDIR)$(BASHCOMPLETIONDIR)/dtaudit" "$(DESTDIR)$(ZSHCOMPLETIONDIR)/_dtaudit" "$(DESTDIR)$(FISHCOMPLETIONDIR)/dtaudit.fish" \
		"$(DESTDIR)$(MANDIR)/dtaudit.1"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/dtaudit" "$(DESTDIR)$(BASHCOMPLETIONDIR)/dtaudit" "$(DESTDIR)$(ZSHCOMPLETIONDIR)/_dtaudit" \
		"$(DESTDIR)$(FISHCOMPLETIONDIR)/dtaudit.fish" "$(DESTDIR)$(MANDIR)/dtaudit.1"

test:
	swift test

clean:
	swift package clean
