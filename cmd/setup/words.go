package setup

import (
	"strings"

	"github.com/spf13/pflag"
)

// FlagWords is a flag as it is given on a command line: --name VALUE, a
// switch --name or --name=false.
func FlagWords(f *pflag.Flag) []string {
	switch {
	case f.Value.Type() == "bool" && f.Value.String() == "true":
		return []string{"--" + f.Name}
	case f.Value.Type() == "bool":
		return []string{"--" + f.Name + "=false"}
	}
	return []string{"--" + f.Name, f.Value.String()}
}

// GenFlag names the flag a tree generator's error is about when the
// message is about one parameter ("depth 13: must be between 0 and 12" is
// --depth's; "" when it names several itself), as prunescope tree random
// and the lab's random tree say it.
func GenFlag(err error) string {
	f := strings.Fields(err.Error())
	if len(f) < 2 || !strings.HasSuffix(f[1], ":") {
		return ""
	}
	switch f[0] {
	case "branching", "depth", "min", "max":
		return "--" + f[0]
	}
	return ""
}
