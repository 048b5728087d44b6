package cmd

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/internal/i18n"
	_ "github.com/prunescope/prunescope/internal/i18n/help" // the translations of this help
)

// The commands' help in Russian and Czech. The English is the commands'
// own (Short, Long, Example, each flag's usage, the groups' titles); a
// language's translation of each is in internal/i18n/help/locales/help.LANG.json
// under an id made of the command's path:
//
//	help.search.short, help.search.long, help.search.example
//	help.lesson.run.long
//	flag.search.depth        a flag of search (its own, not inherited)
//	flag.prunescope.lang     a flag of the root, every command's
//	group.search             a group of commands' title
//
// Each entry keeps the hash of the English it translates, so that a test
// (TestHelpCatalogs) finds every translation the English has changed under,
// every command and flag a language lacks, and every entry no command has.

// helpPath is the id's part that names the command: its path without the
// program's name, dots between ("lesson.run"), "prunescope" for the root.
func helpPath(c *cobra.Command) string {
	p := strings.TrimPrefix(c.CommandPath(), "prunescope")
	p = strings.TrimSpace(p)
	if p == "" {
		return "prunescope"
	}
	return strings.ReplaceAll(p, " ", ".")
}

// helpTexts calls fn with the id and the English text of every help text
// of root's commands (those shown: not hidden ones), and with a setter.
func helpTexts(root *cobra.Command, fn func(id, english string, set func(string))) {
	root.InitDefaultHelpCmd()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		c.InitDefaultHelpFlag() // its usage is the template's: usage.help
		p := helpPath(c)
		for _, f := range []struct {
			name string
			v    *string
		}{{"short", &c.Short}, {"long", &c.Long}, {"example", &c.Example}} {
			if *f.v != "" {
				v := f.v
				fn("help."+p+"."+f.name, *v, func(s string) { *v = s })
			}
		}
		c.LocalNonPersistentFlags().VisitAll(func(fl *pflag.Flag) {
			if !fl.Hidden && fl.Usage != "" && fl.Name != "help" {
				fn("flag."+p+"."+fl.Name, fl.Usage, func(s string) { fl.Usage = s })
			}
		})
		c.PersistentFlags().VisitAll(func(fl *pflag.Flag) {
			if !fl.Hidden && fl.Usage != "" {
				fn("flag."+p+"."+fl.Name, fl.Usage, func(s string) { fl.Usage = s })
			}
		})
		for _, g := range c.Groups() {
			g := g
			fn("group."+g.ID, g.Title, func(s string) { g.Title = s })
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// localizeHelp puts p's translations of root's help in place, and the
// usage template's own words in p's language. English keeps cobra's
// template and the commands' text as they are.
func localizeHelp(root *cobra.Command, p *i18n.Printer) {
	if p.Lang() == i18n.En {
		return
	}
	helpTexts(root, func(id, _ string, set func(string)) {
		if s, ok := p.Translation(id); ok {
			set(s)
		}
	})
	var help func(c *cobra.Command)
	help = func(c *cobra.Command) {
		if f := c.Flags().Lookup("help"); f != nil {
			f.Usage = p.T("usage.help", "Command", c.Name())
		}
		for _, sub := range c.Commands() {
			help(sub)
		}
	}
	help(root)
	root.SetUsageTemplate(usageTemplate(p))
}

// usageTemplate is cobra's usage template with its words in p's language.
func usageTemplate(p *i18n.Printer) string {
	return `` + p.T("usage.usage") + `:{{if .Runnable}}
  {{.UseLine}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} ` + p.T("usage.command") + `{{end}}{{if gt (len .Aliases) 0}}

` + p.T("usage.aliases") + `:
  {{.NameAndAliases}}{{end}}{{if .HasExample}}

` + p.T("usage.examples") + `:
{{.Example}}{{end}}{{if .HasAvailableSubCommands}}{{$cmds := .Commands}}{{if eq (len .Groups) 0}}

` + p.T("usage.commands") + `:{{range $cmds}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{else}}{{range $group := .Groups}}

{{.Title}}{{range $cmds}}{{if (and (eq .GroupID $group.ID) (or .IsAvailableCommand (eq .Name "help")))}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{end}}{{if not .AllChildCommandsHaveGroup}}

` + p.T("usage.more.commands") + `:{{range $cmds}}{{if (and (eq .GroupID "") (or .IsAvailableCommand (eq .Name "help")))}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

` + p.T("usage.flags") + `:
{{defaultWord (.LocalFlags.FlagUsages | trimTrailingWhitespaces) "` + p.T("usage.default") + `"}}{{end}}{{if .HasAvailableInheritedFlags}}

` + p.T("usage.global.flags") + `:
{{defaultWord (.InheritedFlags.FlagUsages | trimTrailingWhitespaces) "` + p.T("usage.default") + `"}}{{end}}{{if .HasHelpSubCommands}}

` + p.T("usage.topics") + `:{{range .Commands}}{{if .IsAdditionalHelpTopicCommand}}
  {{rpad .CommandPath .CommandPathPadding}} {{.Short}}{{end}}{{end}}{{end}}{{if .HasAvailableSubCommands}}

` + p.T("usage.more", "Command", "{{.CommandPath}}") + `{{end}}
`
}

func init() {
	// pflag writes "(default X)" after a flag's usage: in the language's
	// word (usageTemplate).
	cobra.AddTemplateFunc("defaultWord", func(usages, word string) string {
		return strings.ReplaceAll(usages, "(default ", "("+word+" ")
	})
}

// langOf is the language a command line asks for, before its flags are
// parsed (the help is built in it): --lang LANG or --lang=LANG, else the
// locale; English when neither names one prunescope speaks (a wrong --lang
// is refused later, once the flags are parsed).
func langOf(args []string, getenv func(string) string) i18n.Lang {
	flag := ""
	for i, a := range args {
		if a == "--" {
			break
		}
		if v, ok := strings.CutPrefix(a, "--lang="); ok {
			flag = v
		} else if a == "--lang" && i+1 < len(args) {
			flag = args[i+1]
		}
	}
	l, err := i18n.Choose(flag, getenv)
	if err != nil {
		return i18n.En
	}
	return l
}
