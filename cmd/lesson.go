package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/lessons"
)

func newLessonCmd(s *Streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "lesson (list | show NAME | run NAME)",
		Short: "Lessons for a class: one per technique, with commands to run and questions",
		Long: `Lessons for a class, one per technique of the seed articles: what the
technique does and why, a scenario of prunescope commands on a built-in tree
or position, what to look for in their output, and questions with answers.

list shows the lessons in teaching order, show tells one, run runs its
commands one after the other and ends with what to look for and the questions.`,
		Example: `  prunescope lesson list
  prunescope lesson show alpha-beta
  prunescope lesson run alpha-beta --out pictures`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			all, err := lessons.All()
			if err == nil {
				if _, ok := lessons.Find(all, args[0]); ok {
					return badInputf("%s", s.printer().T("lesson.err.say", "Name", args[0]))
				}
			}
			return badInputf("%s", s.printer().T("lesson.err.command", "Command", strconv.Quote(args[0])))
		},
		RunE: func(c *cobra.Command, _ []string) error { return c.Help() },
	}
	c.AddCommand(newLessonListCmd(s), newLessonShowCmd(s), newLessonRunCmd(s, nil))
	return c
}

func newLessonListCmd(s *Streams) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the lessons in teaching order",
		Long: `List the lessons in teaching order: name, technique and title. The name is what
lesson show and lesson run take. With --lang ru or cs (or such a locale), a
lesson translated into the language is listed, shown and run in it; the
others in English, with a note.`,
		Example: `  prunescope lesson list`,
		Args:    noLessonArgs(s, "lesson list"),
		RunE: func(*cobra.Command, []string) error {
			all, err := allLessons()
			if err != nil {
				return err
			}
			// Each lesson as the language chosen has it (its translation's
			// technique and title), else in English.
			shown := make([]*lessons.Lesson, len(all))
			for i, l := range all {
				if shown[i], _, err = lessons.Translated(l, s.printer().Lang()); err != nil {
					return failed(err)
				}
			}
			return failed(lessons.WriteList(s.Out, shown, s.printer()))
		},
	}
}

// lessonWidthHelp is the help of lesson show's and lesson run's --width.
var lessonWidthHelp = fmt.Sprintf("wrap the prose at `N` columns, %d at most (0: do not wrap); by default the terminal's width ($COLUMNS when set, else the terminal's own), %d to a file or a pipe; lesson run wraps its commands' traces at N too", lessons.Measure, lessons.Measure)

// lessonWidth is the width a lesson's prose is wrapped to: --width when
// given, else the terminal's, never more than lessons.Measure; to a file or
// a pipe, lessons.Measure. A --width given is handed down to the commands a
// lesson run runs (their text traces wrap at it, whole).
func lessonWidth(c *cobra.Command, s *Streams, flag int) (int, error) {
	if c.Flags().Changed("width") {
		if err := setup.CheckInt("width", flag, 0); err != nil {
			return 0, err
		}
		s.width, s.widthSet = flag, true
		return lessons.Width(flag), nil
	}
	if w := s.textWidth(s.Out); w > 0 || s.widthSet {
		return lessons.Width(w), nil
	}
	return lessons.Measure, nil
}

func newLessonShowCmd(s *Streams) *cobra.Command {
	var answers bool
	var width int
	c := &cobra.Command{
		Use:   "show NAME [--answers]",
		Short: "Tell a lesson: the technique, its scenario, what to look for, the questions",
		Long: `Print a lesson for the terminal: what the technique does and why, where the
ideas come from, the commands of its scenario, what to look for in their
output, and the questions for the class. The answers are printed only with
--answers, so the screen can be projected while the class thinks.`,
		Example: `  prunescope lesson show alpha-beta
  prunescope lesson show null-move-zugzwang --answers`,
		Args:              oneLessonArg(s, "lesson show"),
		ValidArgsFunction: completeLessons,
		RunE: func(c *cobra.Command, args []string) error {
			l, err := findLesson(s, args[0])
			if err != nil {
				return err
			}
			if l, err = s.translated(l); err != nil {
				return err
			}
			width, err := lessonWidth(c, s, width)
			if err != nil {
				return err
			}
			return failed(lessons.WriteShow(s.Out, l, answers, width, i18n.For(l.Language())))
		},
	}
	c.Flags().BoolVar(&answers, "answers", false, "print the answers under the questions")
	c.Flags().IntVar(&width, "width", 0, lessonWidthHelp)
	return c
}

// lessonRunOptions are lesson run's: the lesson, and its flags.
type lessonRunOptions struct {
	name        string
	out, html   string
	stepThrough bool
	width       int // the prose's width (0: not wrapped)
}

// newLessonRunCmd makes lesson run; runF runs it (nil: runLessonRun).
func newLessonRunCmd(s *Streams, runF func(context.Context, *Streams, *lessonRunOptions) error) *cobra.Command {
	if runF == nil {
		runF = runLessonRun
	}
	o := &lessonRunOptions{}
	c := &cobra.Command{
		Use:   "run NAME [--out DIR]",
		Short: "Run a lesson's commands in order, then show what to look for and the questions",
		Long: `Run the commands of a lesson's scenario one after the other, each printed as
"$ prunescope ..." before its output, then print what to look for and the
questions (without their answers: see lesson show --answers).

The drawings the scenario makes are written into DIR with --out (DIR is made
if it is missing). Without --out the drawing flags are left out of the
commands, and a note names the drawings that --out would make.

--step opens the lesson's first search in the step-through player instead
(see prunescope step), then prints what to look for and the questions.

--html DIR also writes the projector page of each search of the scenario
into DIR (made if missing): NAME-1.html for its first search, NAME-2.html
for the second, …, each as prunescope step --html writes it. A search of
more steps than a page holds gets a note instead of a page.`,
		Example: `  prunescope lesson run alpha-beta
  prunescope lesson run alpha-beta --step
  prunescope lesson run alpha-beta --out pictures
  prunescope lesson run null-move --html pages
  prunescope lesson run quiescence --out /tmp/class --color always | less -R`,
		Args:              oneLessonArg(s, "lesson run"),
		ValidArgsFunction: completeLessons,
		RunE: func(c *cobra.Command, args []string) error {
			o.name = args[0]
			var err error
			if o.width, err = lessonWidth(c, s, o.width); err != nil {
				return err
			}
			return runF(c.Context(), s, o)
		},
	}
	c.Flags().IntVar(&o.width, "width", 0, lessonWidthHelp)
	c.Flags().StringVar(&o.out, "out", "", "write the lesson's drawings into `DIR` (made if missing)")
	c.Flags().BoolVar(&o.stepThrough, "step", false, "step through the lesson's first search in the step-through player")
	c.Flags().StringVar(&o.html, "html", "", "also write the projector page of each of the scenario's searches into `DIR` (made if missing): NAME-1.html, NAME-2.html, …")
	c.MarkFlagDirname("out")
	c.MarkFlagDirname("html")
	return c
}

// runLessonRun runs lesson run: the scenario, or with --step its first
// search in the stepper.
func runLessonRun(ctx context.Context, s *Streams, o *lessonRunOptions) error {
	l, err := findLesson(s, o.name)
	if err != nil {
		return err
	}
	if l, err = s.translated(l); err != nil {
		return err
	}
	if o.stepThrough {
		if o.html != "" {
			return badInputf("%s", s.printer().T("lesson.err.htmlstep"))
		}
		return stepLesson(ctx, s, l, o.width)
	}
	return runLessonPages(ctx, s, l, o.out, o.html, o.width)
}

// runLesson runs the scenario of a lesson in-process, each command through a
// root command of its own, so that no flag value of one command carries over
// to the next. A command that fails is a failure of the lesson (exit 1): the
// lessons are part of the program.
func runLesson(ctx context.Context, s *Streams, l *lessons.Lesson, out string) error {
	return runLessonPages(ctx, s, l, out, "", lessons.Measure)
}

// runLessonPages is runLesson that also writes the projector page of each
// search of the scenario into the folder html (none when it is ""); its
// prose is wrapped at width.
func runLessonPages(ctx context.Context, s *Streams, l *lessons.Lesson, out, html string, width int) error {
	for _, d := range []struct{ flag, dir string }{{"--out", out}, {"--html", html}} {
		if d.dir != "" {
			if err := makeOutDir(d.flag, d.dir); err != nil {
				return err
			}
		}
	}
	pages := 0
	if err := lessons.WriteRunHeader(s.Out, l, width, i18n.For(l.Language())); err != nil {
		return failed(err)
	}
	for i, step := range l.Steps {
		stages, line, left := step.Prepare(out)
		if err := lessons.WriteStep(s.Out, l, i, line, left, width, i18n.For(l.Language())); err != nil {
			return failed(err)
		}
		if err := runPipeline(ctx, s, stages); err != nil {
			return &setup.Failure{Err: i18n.Errorf("lesson %s, command %d (%s): %w", l.Name, i+1, line, err)}
		}
		last := stages[len(stages)-1]
		if html == "" || len(last) == 0 || last[0] != "search" {
			continue
		}
		pages++
		if err := lessonPage(ctx, s, stages, filepath.Join(html, fmt.Sprintf("%s-%d.html", l.Name, pages))); err != nil {
			return &setup.Failure{Err: i18n.Errorf("lesson %s, command %d (%s): the page: %w", l.Name, i+1, line, err)}
		}
	}
	return failed(lessons.WriteRunEnd(s.Out, l, width, i18n.For(l.Language())))
}

// lessonPage writes the projector page of a scenario's search (the last
// stage of stages) to file, by running it as step --html, fed as the search
// was. A search too long for a page gets a note instead.
func lessonPage(ctx context.Context, s *Streams, stages [][]string, file string) error {
	last := stages[len(stages)-1]
	args := append(stepArgs(last[1:]), "--html", file)
	page := append(append([][]string{}, stages[:len(stages)-1]...), args)
	var errs bytes.Buffer
	err := runPipeline(ctx, &Streams{In: s.In, Out: io.Discard, Err: &errs, colorMode: s.colorMode, lang: s.lang}, page)
	var tooLong *job.PageTooLong
	if errors.As(err, &tooLong) {
		fmt.Fprintf(s.Err, "prunescope: %s\n", s.printer().T("note.lesson.nopage", "Command", quoteLine(last), "Error", s.printer().Error(err)))
		return nil
	}
	if err != nil {
		return err
	}
	_, err = s.Err.Write(errs.Bytes())
	return err
}

// stepLesson opens the first search of a lesson's scenario in the stepper,
// with the same input and switches, then prints what to look for and the
// questions.
func stepLesson(ctx context.Context, s *Streams, l *lessons.Lesson, width int) error {
	var args []string
	for _, st := range l.Steps {
		stages, _, _ := st.Prepare("")
		if len(stages) == 1 && len(stages[0]) > 0 && stages[0][0] == "search" {
			args = stepArgs(stages[0][1:])
			break
		}
	}
	if args == nil {
		return badInputf("%s", s.printer().T("lesson.err.nostep", "Name", l.Name))
	}
	if err := lessons.WriteRunHeader(s.Out, l, width, i18n.For(l.Language())); err != nil {
		return failed(err)
	}
	fmt.Fprintf(s.Out, "$ prunescope %s\n", quoteLine(args))
	root := newRoot(s)
	root.SetArgs(append(args, "--color="+s.colorMode))
	if err := root.ExecuteContext(ctx); err != nil {
		return &setup.Failure{Err: i18n.Errorf("lesson %s (prunescope %s): %w", l.Name, quoteLine(args), err)}
	}
	return failed(lessons.WriteRunEnd(s.Out, l, width, i18n.For(l.Language())))
}

// stepArgs turns the arguments of a search into those of step: the flags
// step does not have (the trace and drawing flags) are left out with their
// values.
func stepArgs(search []string) []string {
	sf := newSearchCmd(&Streams{}, nil).Flags()
	stf := newStepCmd(&Streams{}, nil).Flags()
	out := []string{"step"}
	for i := 0; i < len(search); i++ {
		a := search[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "--") {
			out = append(out, a)
			continue
		}
		f := sf.Lookup(name)
		takesNext := f != nil && f.Value.Type() != "bool" && !hasValue
		if stf.Lookup(name) != nil {
			out = append(out, a)
			if takesNext && i+1 < len(search) {
				out = append(out, search[i+1])
			}
		}
		if takesNext {
			i++
		}
	}
	return out
}

// quoteLine writes arguments as a shell command line.
func quoteLine(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " ()[]:\"'$|&;<>*?") {
			a = "'" + a + "'"
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}

// runPipeline runs prunescope commands piped into each other: each reads what
// the one before it wrote; the last writes to the lesson's output. The first
// reads nothing.
func runPipeline(ctx context.Context, s *Streams, stages [][]string) error {
	var in io.Reader = strings.NewReader("")
	for i, args := range stages {
		var buf bytes.Buffer
		var w io.Writer = s.Out
		if i < len(stages)-1 {
			w = &buf
		}
		root := newRoot(&Streams{In: in, Out: w, Err: s.Err, width: s.width, widthSet: s.widthSet, lang: s.lang}) // the lesson's commands speak its language
		root.SetArgs(append(append([]string{}, args...), "--color="+s.colorMode))
		if err := root.ExecuteContext(ctx); err != nil {
			return err
		}
		in = &buf
	}
	return nil
}

// allLessons returns the embedded lessons; an error means this build carries
// a broken lesson file.
func allLessons() ([]*lessons.Lesson, error) {
	all, err := lessons.All()
	if err != nil {
		return nil, &setup.Failure{Err: i18n.Errorf("lessons: %w", err)}
	}
	return all, nil
}

// translated is the lesson in the language chosen, when it has a
// translation; else the English lesson, with a note on standard error in
// the language chosen. A lesson's own words (its headings, its hints) are
// in its language, so that a lesson shown in English reads as one.
func (s *Streams) translated(l *lessons.Lesson) (*lessons.Lesson, error) {
	p := s.printer()
	t, ok, err := lessons.Translated(l, p.Lang())
	if err != nil {
		return nil, failed(err)
	}
	if !ok {
		fmt.Fprintf(s.Err, "prunescope: %s\n", p.T("note.text", "Note", p.T("lesson.untranslated")))
	}
	return t, nil
}

// findLesson returns the lesson called name, or a one-line error that lists
// the lessons and suggests the closest name.
func findLesson(s *Streams, name string) (*lessons.Lesson, error) {
	all, err := allLessons()
	if err != nil {
		return nil, err
	}
	if l, ok := lessons.Find(all, name); ok {
		return l, nil
	}
	p := s.printer()
	hint := ""
	if sugg := lessons.Suggest(all, name); sugg != "" {
		hint = p.T("lesson.err.hint", "Name", sugg)
	}
	return nil, badInputf("%s", p.T("lesson.err.unknown", "Name", strconv.Quote(name), "Hint", hint, "All", strings.Join(lessons.Names(all), ", ")))
}

// oneLessonArg accepts exactly one lesson name.
func oneLessonArg(s *Streams, where string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		switch len(args) {
		case 1:
			return nil
		case 0:
			return badInputf("%s", s.printer().T("lesson.err.noname", "Where", where))
		}
		return badInputf("%s", s.printer().T("lesson.err.many", "Where", where, "N", len(args), "Args", strings.Join(args, " ")))
	}
}

func noLessonArgs(s *Streams, where string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) > 0 {
			return badInputf("%s", s.printer().T("lesson.err.noargs", "Where", where, "Args", strconv.Quote(strings.Join(args, " "))))
		}
		return nil
	}
}

// completeLessons completes the name of a lesson, with its title as the
// description.
func completeLessons(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	all, err := lessons.All()
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	var out []cobra.Completion
	for _, l := range all {
		if strings.HasPrefix(l.Name, toComplete) {
			out = append(out, cobra.CompletionWithDesc(l.Name, l.Title))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
