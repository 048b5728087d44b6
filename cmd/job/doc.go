// Package job is what prunescope's commands share, between the cobra
// commands of package cmd and the engine and trace packages: a command file
// parses its own flags, makes one call here and prints.
//
// What to search and with which options (the input, the algorithm, the
// techniques' flags, the error kinds) is package setup's, which builds for
// WebAssembly: the lab's page reads its settings with it.
//
// job imports the engine, the trace packages and the quiz; nothing here
// imports cmd, and what keeps files whole (atomic outputs, the cleanup on a
// signal, the frames' deck) stays in cmd.
//
// Where things live:
//   - compare.go: compare's searches (a row of the table for each spec) and
//     diff's (two recorded searches compared node by node).
//   - epd.go: the one EPD reader (perft --epd, compare --epd) and the
//     scoring of best moves (bm).
//   - draw.go: the drawing flags (--dot, --svg, --png and how to draw: Look,
//     checked once for search, diff, render and step's frames), laying out
//     and rendering a drawing, and recording a saved trace.
//   - frames.go: step --frames: which steps to draw, each frame, the
//     index.html that clicks through them (cmd puts the deck in place).
//   - perft.go: perft's count and the check of an EPD file's counts.
//   - quiz.go: the flags that make a quiz, shared by quiz and quiz check.
//   - search.go: one search with its sinks (the text or JSON Lines trace, the
//     recording for drawings, the report's lines), --trace and its auto
//     mode, the summary and the note of a search stopped early.
//   - steps.go: the trace of step's own search, bounded, and the steps
//     printed one after another.
//   - term.go: dumb terminals, progress lines, and the context of the work
//     a first Ctrl-C lets finish.
package job
