package cmd

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/lessons/student"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/page"
	"github.com/prunescope/prunescope/trace/record"
)

// check --html FILE: the page diff --html writes (page.Pair), of the
// student's search (A, "yours") beside the reference search (B), with the
// place where the two part as its first difference, marked on both sides,
// and the page opened there. The student's search is shown as step,
// render and diff show a student's trace (lessons/student.Events: its nodes
// and values, no windows, bounds or cutoffs).

// addCheckHTML wires check's --html into c (its flag, its help and an
// example), the value into file.
func addCheckHTML(c *cobra.Command, file *string) {
	c.Flags().StringVar(file, "html", "", "write a self-contained HTML page to `FILE` with your search (A) beside the reference search (B), as diff --html draws two searches, opened at the step where they part, marked on both sides")
	c.Long += `

--html FILE writes the page diff --html writes of two searches, yours (A)
beside the reference (B): your search as your trace tells it (its nodes
and the values they returned: no windows, bounds or cutoffs, which it does
not tell), opened at the step where the two part, the node marked on both
sides and the verdict as its caption; d and Shift+D go through the other
differences. step, render and diff take your trace too (step mine.jsonl
--tree aima).`
	c.Example += `

  # your search beside the reference, opened where they part
  prunescope check mine.jsonl --tree aima --html check.html`
}

// writeCheckPage writes check's page to file ("" : none) and says so on
// standard error. name is the student's trace, yours its steps (of game,
// to depth), ref the reference search and r their comparison. Both sides
// are built before the file is written: a page refused leaves no file.
func writeCheckPage(ctx context.Context, s *Streams, file, name string, game student.Game, ref *student.Search, yours []student.Step, r student.Report, depth int) error {
	if file == "" {
		return nil
	}
	info := student.Info(game, depth, filepath.Base(name))
	info.Lang = infoLang(s)
	conv, err := student.Events(yours, game, info, name)
	if err != nil {
		return badInput("--html", err)
	}
	if conv.Stop != "" {
		fmt.Fprintf(s.Err, "prunescope: %s\n", stopNote(s.printer(), name, conv))
	}
	var runs [2]*diff.Run
	var traces [2]*os.File
	var sizes [2]int64
	for i := range runs {
		f, cleanup, err := scratchFile()
		if err != nil {
			return failed(err)
		}
		defer cleanup()
		rec := record.NewRecorder()
		rec.Limit = recordLimit
		pt := &job.PageTrace{W: f}
		jw := jsonl.NewWriter(pt)
		hooks := trace.Tee(rec.Hooks(), jw.Hooks())
		spec, conventions := s.printer().T("student.yours", "File", filepath.Base(name)), explain.RunConventions(info)
		if i == 0 {
			for _, e := range conv.Events {
				hooks.Event(e)
			}
		} else {
			spec, conventions = ref.Spec, explain.Conventions(ref.Opt.Algo.String(), ref.Opt.Fail.String(), ref.Opt.Cutoff.String())
			if ref.RTL {
				spec += s.printer().T("check.rtl")
			}
			// The reference search again, as check made it: the same
			// events, numbered the same.
			if _, err := engine.Search(ctx, game.Position(ref.RTL), engine.Limits{Depth: depth}, ref.Opt, hooks); err != nil {
				return failed(err)
			}
		}
		if err := jw.Flush(); err != nil {
			return failed(i18n.Errorf("writing the trace for the page: %w", err))
		}
		if pt.Full {
			return badInputf("--html: the %s trace passed %d MiB: too long for a page", []string{"your search's", "reference search's"}[i], job.PageTraceLimit>>20)
		}
		if err := rec.Err(); err != nil {
			return failed(i18n.Errorf("recording %s: %w", spec, err))
		}
		rc := rec.Recording()
		if rc.Dropped > 0 || rc.Counted > 0 {
			return badInputf("--html: %s has more than %d nodes, too many for the page", spec, recordLimit)
		}
		root, err := diff.Pick(rc, 0, 0)
		if err != nil {
			return badInput("--html", i18n.Errorf("%s: %w", spec, err))
		}
		runs[i] = &diff.Run{Name: "AB"[i : i+1], Spec: spec, Conventions: conventions, Rec: rc, Root: root}
		st, err := f.Stat()
		if err != nil {
			return failed(err)
		}
		traces[i], sizes[i] = f, st.Size()
	}
	res := diff.Compare(runs[0], runs[1])
	words, sideA, sideB := page.Diffs(res, nil)
	if !r.Same {
		partsAt(i18n.For(i18n.FromContext(ctx)), words, sideA, sideB, conv, ref, r)
	}
	flags := &job.PageFlags{File: file, MaxSteps: page.DefaultMaxSteps}
	look := job.Look{MaxDraw: dot.DefaultMaxNodes, View: "max", Style: "default"}
	var pages [2][]byte
	for i, side := range []*page.DiffSide{sideA, sideB} {
		f, size := traces[i], sizes[i]
		in := job.PageInput{Open: func() io.ReadSeeker { return io.NewSectionReader(f, 0, size) }, Name: runs[i].Spec,
			RecordLimit: recordLimit, Diff: side}
		if pages[i], err = flags.BuildPage(job.PastInterrupt(ctx), look, "", in); err != nil {
			return err
		}
	}
	names := page.PairNames{A: runs[0].Spec, B: runs[1].Spec, ConvA: runs[0].Conventions, ConvB: runs[1].Conventions,
		Input: explain.InputLine(runs[1].Info())}
	html, err := page.Pair(pages[0], pages[1], names, words)
	if err != nil {
		return failed(err)
	}
	if err := writeFileAtomic(file, html); err != nil {
		return failed(err)
	}
	wrote(s, file)
	return nil
}

// partsAt makes the step where the student's search parts from the
// reference the page's first difference, the one it opens at: on side A
// the student's step there (or the end of what is shown of the search,
// when it stops before), on side B the reference's event that check's
// verdict tells (the cutoff that left the student's node unsearched, or
// the reference's own step), each node marked; the caption says what
// check's verdict says.
func partsAt(p *i18n.Printer, words *page.PairDiff, a, b *page.DiffSide, conv *student.Converted, ref *student.Search, r student.Report) {
	entry := page.PairEntry{Kind: "parts", Mark: "✗", Word: p.T("check.page.word"), Label: p.T("check.page.end")}
	entry.Says = p.N("check.page.says", int64(r.Steps), "Event", r.At+1, "Said", r.Said, "Yours", yoursIn(p, ref, r.Yours))
	markA := page.DiffMark{Node: 0, Seq: math.MaxInt64}
	if r.Yours != nil && r.At < len(conv.Seq) {
		e := conv.Events[conv.Seq[r.At]]
		markA = page.DiffMark{Node: e.Node, Own: true, Seq: e.Seq, Badge: p.T("check.page.yours"), Tone: "a"}
		entry.Path, entry.Label = e.Path, nodeName(p, e.Path)
	}
	markB := page.DiffMark{Node: 0, Seq: math.MaxInt64}
	if e := ref.SaidEvent(r); e != nil {
		markB = page.DiffMark{Node: e.Node, Own: true, Seq: e.Seq, Badge: p.T("check.page.reference"), Tone: "b"}
		if r.Yours == nil {
			entry.Path, entry.Label = e.Path, nodeName(p, e.Path)
		}
	}
	words.Entries = append([]page.PairEntry{entry}, words.Entries...)
	a.Marks = append([]page.DiffMark{markA}, a.Marks...)
	b.Marks = append([]page.DiffMark{markB}, b.Marks...)
	words.Open = 1
}
