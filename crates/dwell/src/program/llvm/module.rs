//! Module-level items: the two passes over the top-level lines.
//!
//! Pass 1 (`collect_names`) names every function (`define`/`declare`) and
//! global variable, alias or ifunc (`@x = …`), and reads the debug-info
//! metadata, so that pass 2 resolves a use before its definition. Pass 2
//! (`run`) reads each function body and marks the functions whose address
//! a global initializer takes; other top-level statements carry no control
//! flow and are skipped.

use super::super::ir::{GlobalVar, Program, Value, VarKind};
use super::super::lex::Tok;
use super::{GlobalKind, ParseError, Parser};

impl<'a> Parser<'a> {
    /// Both passes; the program with its source files and address-taken
    /// functions.
    pub(super) fn run(mut self) -> Result<Program, ParseError> {
        self.collect_names()?;
        let mut i = 0;
        while i < self.lines.len() {
            i = self.statement(i)?;
        }
        self.prog.files = std::mem::take(&mut self.debug.files);
        self.finish_source_names();
        self.finish_fields();
        self.finish_struct_types();
        self.prog.address_taken = (0..self.taken.len() as u32)
            .filter(|&f| self.taken[f as usize])
            .collect();
        Ok(self.prog)
    }

    /// Pass 2 for the top-level statement starting at line index `i`;
    /// returns the index of the line after it.
    fn statement(&mut self, i: usize) -> Result<usize, ParseError> {
        let line = self.lines[i];
        let lineno = i as u64 + 1;
        let first = line.as_bytes().first().copied();
        // Metadata (`!N = …`, one line each) was read in pass 1.
        if matches!(first, None | Some(b';' | b'!')) || line.trim().is_empty() {
            return Ok(i + 1);
        }
        // Join a top-level statement whose brackets stay open.
        let mut toks = self.lex(i)?;
        if toks.first().is_some_and(|t| t.is_word("define")) {
            let next = self.join_header(&mut toks, i + 1)?;
            return self.function(lineno, &toks, next);
        }
        let next = self.join_open(&mut toks, i + 1, false)?;
        self.top_level(lineno, &toks);
        Ok(next)
    }

    /// A top-level statement other than `define`: global initializers mark
    /// the functions they mention as address-taken; unknown forms warn.
    fn top_level(&mut self, lineno: u64, toks: &[Tok<'a>]) {
        match toks.first() {
            None => {}
            Some(Tok::Word("declare")) => {} // read in collect_names
            Some(Tok::Global(name)) if toks.get(1) == Some(&Tok::P(b'=')) => {
                // Global variable, alias or ifunc: every function it
                // mentions (after the name) has its address taken.
                self.mark_taken(&toks[2..]);
                self.note_init_mentions(toks);
                if let Some(GlobalKind::Variable(var)) = self.globals.get(name) {
                    let places = self.init_places(*var, toks);
                    self.prog.global_inits.extend(places);
                }
            }
            Some(Tok::Local(_)) if toks.get(1) == Some(&Tok::P(b'=')) => {} // type
            Some(Tok::Meta(_)) | Some(Tok::P(b'^')) => {}                   // metadata, summary
            Some(Tok::Word(w))
                if w.starts_with('$')
                    || matches!(
                        *w,
                        "source_filename"
                            | "target"
                            | "attributes"
                            | "module"
                            | "uselistorder"
                            | "uselistorder_bb"
                            | "deplibs"
                    ) => {}
            Some(_) => {
                self.warn(
                    lineno,
                    "unknown top-level statement skipped (it cannot contain functions or blocks)",
                );
            }
        }
    }

    /// Pass 1: functions and global variables by name.
    fn collect_names(&mut self) -> Result<(), ParseError> {
        for i in 0..self.lines.len() {
            // Leading blanks (spaces, tabs, a stray CR) are allowed before a
            // top-level keyword, as pass 2's lexer allows them.
            if self.lines[i].starts_with('!') {
                self.debug.read_line(self.lines[i]);
                continue;
            }
            let line = self.lines[i].trim_start();
            if line.starts_with('%') && line.contains("= type") {
                self.name_type(i)?;
                continue;
            }
            let is_fn = line.starts_with("define") || line.starts_with("declare");
            if !(is_fn || line.starts_with('@')) {
                continue;
            }
            let lineno = i as u64 + 1;
            let mut toks = self.lex(i)?;
            if is_fn && line.starts_with("define") {
                self.join_header(&mut toks, i + 1)?;
            }
            if is_fn {
                self.name_function(lineno, &toks)?;
            } else {
                self.name_global(&toks);
            }
        }
        Ok(())
    }

    /// Pass 1 for `%T = type …`: the body after `type`, joined when it
    /// spans lines.
    fn name_type(&mut self, i: usize) -> Result<(), ParseError> {
        let mut toks = self.lex(i)?;
        self.join_open(&mut toks, i + 1, false)?;
        if let [Tok::Local(name), Tok::P(b'='), ty, body @ ..] = &toks[..] {
            if ty.is_word("type") {
                self.types.insert(name, body.to_vec());
            }
        }
        Ok(())
    }

    /// Pass 1 for a `define`/`declare`: the function's id is its place in
    /// module order.
    fn name_function(&mut self, lineno: u64, toks: &[Tok<'a>]) -> Result<(), ParseError> {
        let f = self.header(lineno, toks)?;
        if self.globals.contains_key(f.key) {
            return Err(self.err(
                lineno,
                format!("function @{} is defined or declared twice", f.key),
                "a module names each function once; link modules with llvm-link",
            ));
        }
        let id = self.prog.functions.len() as u32;
        self.globals.insert(f.key, GlobalKind::Function(id));
        self.prog.functions.push(f.function);
        self.taken.push(false);
        Ok(())
    }

    /// Pass 1 for `@x = …`: an alias or ifunc, else a global variable.
    fn name_global(&mut self, toks: &[Tok<'a>]) {
        let (Some(Tok::Global(name)), Some(Tok::P(b'='))) = (toks.first(), toks.get(1)) else {
            return;
        };
        let is_alias = toks
            .iter()
            .any(|t| t.is_word("alias") || t.is_word("ifunc"));
        if is_alias {
            self.globals.insert(name, GlobalKind::Alias);
        } else {
            let id = self.prog.vars.len() as u32;
            self.prog.vars.push(format!("@{name}"));
            self.prog.var_kinds.push(VarKind::Global);
            self.globals.insert(name, GlobalKind::Variable(id));
            // Linkage words stand between `=` and `global`/`constant`.
            let kw = toks
                .iter()
                .position(|t| t.is_word("global") || t.is_word("constant"))
                .unwrap_or(toks.len());
            let words = &toks[2..kw.max(2)];
            let declared = words
                .iter()
                .any(|t| t.is_word("external") || t.is_word("extern_weak"));
            self.prog.globals.push(GlobalVar {
                var: id,
                defined: !declared,
                linkage: super::header::linkage(words),
                constant: toks.get(kw).is_some_and(|t| t.is_word("constant")),
                mentions: Vec::new(),
            });
            if let Some(t) = self.global_type(toks.get(kw + 1..).unwrap_or(&[])) {
                self.prog.object_types.push((id, t));
            }
        }
    }

    /// The functions and variables a global variable's initializer names
    /// (`toks` is its whole statement), in order, each once.
    fn note_init_mentions(&mut self, toks: &[Tok<'a>]) {
        let Some(Tok::Global(name)) = toks.first() else {
            return;
        };
        let Some(GlobalKind::Variable(var)) = self.globals.get(name) else {
            return;
        };
        let var = *var;
        let mut mentions: Vec<Value> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for t in toks.get(2..).unwrap_or(&[]) {
            let v = match t {
                Tok::Global(n) => match self.globals.get(n) {
                    Some(GlobalKind::Function(f)) => Value::Func(*f),
                    Some(GlobalKind::Variable(v)) => Value::Var(*v),
                    _ => continue,
                },
                _ => continue,
            };
            if seen.insert(v) {
                mentions.push(v);
            }
        }
        let globals = &mut self.prog.globals;
        let at = globals.partition_point(|g| g.var < var);
        if let Some(g) = globals.get_mut(at).filter(|g| g.var == var) {
            g.mentions = mentions;
        }
    }

    /// Every function named among `toks` has its address taken.
    pub(super) fn mark_taken(&mut self, toks: &[Tok<'a>]) {
        for t in toks {
            if let Tok::Global(n) = t {
                if let Some(GlobalKind::Function(f)) = self.globals.get(n) {
                    self.taken[*f as usize] = true;
                }
            }
        }
    }
}
