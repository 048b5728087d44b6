// Package help holds the Russian and Czech translations of the commands'
// help (locales/help.LANG.json: help.COMMAND.short, flag.COMMAND.NAME, each
// with the hash of the English it translates; see cmd's helplang.go), apart
// from internal/i18n's messages so that what embeds the sentences and not
// the commands (the lab's WebAssembly) does not carry them. Importing it adds
// them to internal/i18n's catalogs.
package help

import (
	"embed"

	"github.com/prunescope/prunescope/internal/i18n"
)

//go:embed locales/*.json
var files embed.FS

func init() { i18n.Load(files, "locales") }

// Files is the catalogs as embedded, for the tests that read them whole.
func Files() embed.FS { return files }
