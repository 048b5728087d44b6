package tree

import (
	"fmt"
	"github.com/prunescope/prunescope/internal/i18n"
	"slices"
	"strconv"
	"strings"
)

// UC Berkeley CS188's multi-agent project grades a student's minimax,
// alpha-beta and expectimax agents on small game trees written as test
// files (test_cases/q2..q4/*.test, class GraphGameTreeTest): the agents,
// the start state, the win and lose states, each state's successors by
// action, the evaluation of the states a search may stop at, and the depth
// (in rounds: every agent moves once a round). prunescope reads such a file
// as a toy tree, so that a student searches, steps and draws the course's
// own tests:
//   - the tree is the search the autograder makes: from the start state,
//     agent 0 (Pacman, MAX) then agents 1..n−1 (the ghosts) in turn, each
//     state's successors in the order the file lists them, down to depth
//     rounds; a win or lose state, a state without successors and a state
//     at the depth limit is a leaf, worth its evaluation;
//   - a ghost's node is MIN's, or a chance node with equally likely
//     outcomes when the test's algorithm is ExpectimaxAgent;
//   - a node is named by its state (a state reached again on another path
//     gets a ' more: B, B', B''), and its move is the action.
// The autograder's alpha-beta prunes on a strict inequality and keeps the
// value it found (fail-soft): --algo alphabeta:soft:gt searches as it does.

// cs188Keys are the fields a GraphGameTreeTest needs.
var cs188Keys = []string{"num_agents", "start_state", "win_states", "lose_states", "evaluation", "successors", "depth"}

// LooksLikeCS188 reports whether data is a CS188 test file: it has the
// fields of a game tree test.
func LooksLikeCS188(data []byte) bool {
	s := string(data)
	return strings.Contains(s, "successors:") && strings.Contains(s, "start_state:") && strings.Contains(s, "num_agents:")
}

// maxCS188Agents bounds the agents of a test: each ghost is a ply of a round.
const maxCS188Agents = 64

// cs188Number reports whether s is a decimal number as the tree text takes
// it: an optional sign, digits with at most one point, at least one digit.
// (No regexp: the lab's engine leaves that package out for its size.)
func cs188Number(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if len(s) < 1 || strings.Count(s, ".") > 1 || strings.Trim(s, ".") == "" {
		return false
	}
	for _, r := range s {
		if r != '.' && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// ParseCS188 reads a CS188 GraphGameTreeTest file as a tree. Errors name
// the file and the line.
func ParseCS188(source, text string) (*Tree, error) {
	fields, lines, err := cs188Fields(source, text)
	if err != nil {
		return nil, err
	}
	errorf := func(key string, format string, args ...any) error {
		return i18n.Errorf("%s:%d: %s: %s", source, lines[key], key, fmt.Sprintf(format, args...))
	}
	for _, k := range cs188Keys {
		if _, ok := fields[k]; !ok {
			return nil, i18n.Errorf("%s: no %s field: a CS188 game tree test has %s", source, k, strings.Join(cs188Keys, ", "))
		}
	}
	if c, ok := fields["class"]; ok && c != "GraphGameTreeTest" {
		return nil, errorf("class", "%q is not a game tree test (GraphGameTreeTest)", c)
	}
	agents, err := strconv.Atoi(strings.TrimSpace(fields["num_agents"]))
	if err != nil || agents < 1 || agents > maxCS188Agents {
		return nil, errorf("num_agents", "%q is not a number of agents from 1 to %d", fields["num_agents"], maxCS188Agents)
	}
	rounds, err := strconv.Atoi(strings.TrimSpace(fields["depth"]))
	if err != nil || rounds < 1 || rounds*agents > maxNesting {
		return nil, errorf("depth", "%q is not a depth from 1 to %d rounds of %d agents", fields["depth"], maxNesting/agents, agents)
	}
	chance := false
	switch alg := strings.TrimSpace(fields["alg"]); alg {
	case "ExpectimaxAgent":
		chance = true
	case "", "MinimaxAgent", "AlphaBetaAgent":
	default:
		return nil, errorf("alg", "%q is not MinimaxAgent, AlphaBetaAgent or ExpectimaxAgent", alg)
	}
	g := &cs188{agents: agents, plies: rounds * agents, chance: chance,
		terminal: map[string]bool{}, value: map[string]string{}, next: map[string][]cs188Move{}, used: map[string]int{}}
	for _, k := range []string{"win_states", "lose_states"} {
		for _, s := range strings.Fields(fields[k]) {
			g.terminal[s] = true
		}
	}
	for i, line := range strings.Split(fields["evaluation"], "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		at := lines["evaluation"] + 1 + i
		if len(f) != 2 {
			return nil, i18n.Errorf("%s:%d: evaluation: %q is not a state and its value", source, at, strings.TrimSpace(line))
		}
		v, ok := cs188Value(f[1])
		if !ok {
			return nil, i18n.Errorf("%s:%d: evaluation: the value %q of %s is not a number", source, at, f[1], f[0])
		}
		g.value[f[0]] = v
	}
	for i, line := range strings.Split(fields["successors"], "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 3 {
			return nil, i18n.Errorf("%s:%d: successors: %q is not a state, an action and the next state", source, lines["successors"]+1+i, strings.TrimSpace(line))
		}
		g.next[f[0]] = append(g.next[f[0]], cs188Move{action: f[1], to: f[2]})
	}
	var b strings.Builder
	if err := g.write(&b, strings.TrimSpace(fields["start_state"]), "", 0); err != nil {
		return nil, i18n.Errorf("%s: %w", source, err)
	}
	t, err := Parse(source, b.String())
	if err != nil {
		return nil, i18n.Errorf("%s: the test's tree: %w", source, err)
	}
	t.CS188 = true
	t.CS188Spec = map[string]string{"": "alphabeta:soft:gt", "MinimaxAgent": "minimax", "AlphaBetaAgent": "alphabeta:soft:gt", "ExpectimaxAgent": "expectimax"}[strings.TrimSpace(fields["alg"])]
	t.CS188Actions = map[string]string{}
	for i, c := range t.Root.Children {
		if i < len(g.next[strings.TrimSpace(fields["start_state"])]) {
			t.CS188Actions[c.Label()] = g.next[strings.TrimSpace(fields["start_state"])][i].action
		}
	}
	return t, nil
}

// CS188Solution is what a test's .solution file holds: the action the
// autograder's search takes at the start and the states it generates.
type CS188Solution struct {
	Action    string
	Generated []string
}

// ParseCS188Solution reads a .solution file of a game tree test.
func ParseCS188Solution(source, text string) (*CS188Solution, error) {
	fields, _, err := cs188Fields(source, text)
	if err != nil {
		return nil, err
	}
	a, ok := fields["action"]
	if !ok {
		return nil, i18n.Errorf("%s: no action field: a game tree test's solution has action and generated", source)
	}
	g, ok := fields["generated"]
	if !ok {
		return nil, i18n.Errorf("%s: no generated field: a game tree test's solution has action and generated", source)
	}
	return &CS188Solution{Action: strings.TrimSpace(a), Generated: strings.Fields(g)}, nil
}

// CS188Generated is the list the autograder prints as "generated nodes"
// for a search that entered the nodes named: the states, each once, sorted
// as Python sorts strings (a node named m' is state m).
func CS188Generated(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if s := strings.TrimRight(n, "'"); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// cs188Value is a value as the tree text writes it: a decimal number, or
// inf and -inf for Python's float("inf") and float("-inf").
func cs188Value(s string) (string, bool) {
	switch strings.ToLower(s) {
	case "inf", "+inf", "infinity", "+infinity":
		return "inf", true
	case "-inf", "-infinity":
		return "-inf", true
	}
	return s, cs188Number(s)
}

type cs188Move struct{ action, to string }

// cs188 is a test's game graph, unfolded into a tree by write.
type cs188 struct {
	agents, plies int
	chance        bool
	terminal      map[string]bool
	value         map[string]string
	next          map[string][]cs188Move
	used          map[string]int // names given, by state
	nodes         int
}

// write writes the tree text of state reached by action at ply.
func (g *cs188) write(b *strings.Builder, state, action string, ply int) error {
	if g.nodes++; g.nodes > MaxNodes {
		return i18n.Errorf("the test's tree has more than %d nodes, the most a toy tree may have", MaxNodes)
	}
	if name := g.name(state); name != "" {
		b.WriteString(name + ":")
	}
	moves := g.next[state]
	if g.terminal[state] || len(moves) == 0 || ply == g.plies {
		v, ok := g.value[state]
		if !ok {
			why := "the depth limit"
			switch {
			case g.terminal[state]:
				why = "a win or lose state"
			case len(moves) == 0:
				why = "a state without successors"
			}
			return i18n.Errorf("state %s (%s) has no evaluation: the search stops there", state, why)
		}
		b.WriteString(v)
		return nil
	}
	b.WriteString("(")
	for i, m := range moves {
		if i > 0 {
			b.WriteString(" ")
		}
		if err := g.write(b, m.to, m.action, ply+1); err != nil {
			return err
		}
	}
	b.WriteString(")")
	switch agent := ply % g.agents; {
	case ply == 0: // the root: MAX, the tree's default
	case agent == 0:
		b.WriteString("[max]")
	case g.chance:
		b.WriteString("[chance]")
	default:
		b.WriteString("[min]")
	}
	return nil
}

// name is the name of a node of state: the state, with a ' for each time
// it was named before; "" when the state is no valid name (the node is
// then named by its path).
func (g *cs188) name(state string) string {
	if !validName(state) {
		return ""
	}
	n := g.used[state]
	g.used[state] = n + 1
	return state + strings.Repeat("'", n)
}

// cs188Fields reads the test file's format: key: "value" on one line, or
// key: """ then lines up to a line """; # starts a comment line. It returns
// the fields and the line each starts on.
func cs188Fields(source, text string) (map[string]string, map[string]int, error) {
	fields, lines := map[string]string{}, map[string]int{}
	ls := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i := 0; i < len(ls); i++ {
		line := strings.TrimSpace(ls[i])
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, rest, ok := strings.Cut(line, ":")
		key, rest = strings.TrimSpace(key), strings.TrimSpace(rest)
		if !ok || key == "" || strings.ContainsAny(key, " \t\"") {
			return nil, nil, i18n.Errorf("%s:%d: %q is not key: \"value\"", source, i+1, clipLine(line))
		}
		if _, dup := fields[key]; dup {
			return nil, nil, i18n.Errorf("%s:%d: %s is given twice (first on line %d)", source, i+1, key, lines[key])
		}
		lines[key] = i + 1
		switch {
		case rest == `"""`:
			var body []string
			end := -1
			for j := i + 1; j < len(ls); j++ {
				if strings.TrimSpace(ls[j]) == `"""` {
					end = j
					break
				}
				body = append(body, ls[j])
			}
			if end < 0 {
				return nil, nil, i18n.Errorf("%s:%d: %s: the \"\"\" that starts here is never closed", source, i+1, key)
			}
			fields[key] = strings.Join(body, "\n")
			i = end
		case len(rest) >= 2 && rest[0] == '"' && rest[len(rest)-1] == '"':
			fields[key] = rest[1 : len(rest)-1]
		default:
			return nil, nil, i18n.Errorf("%s:%d: %s: %q is not a quoted value", source, i+1, key, clipLine(rest))
		}
	}
	return fields, lines, nil
}

// clipLine shortens a line for an error.
func clipLine(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}
