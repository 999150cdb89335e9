//! Recursive-descent parser for the Java subset, recovering at member and statement level.

use lasso::Rodeo;

use super::ast::*;
use super::diag::Diagnostic;
use super::lexer::{Kw, Tok, Token, lex};
use super::program::Name;
use super::span::{FileId, Span};

/// Deepest nesting of statements and expressions the parser accepts, far beyond
/// what people write (javac itself overflows its default stack well before);
/// it bounds the work of every later pass. The stack grows on demand
/// ([`super::deep`]), so the limit is about sanity, not stack size.
pub(super) const MAX_DEPTH: u32 = 10_000;

/// An error was reported; the caller recovers.
struct Fail;

type PResult<T> = Result<T, Fail>;

/// The level of the relational operators (and `instanceof`) in [`Parser::binary`].
const RELATIONAL: u8 = 6;

struct Parser<'a> {
    toks: Vec<Token>,
    pos: usize,
    names: &'a mut Rodeo,
    diags: &'a mut Vec<Diagnostic>,
    depth: u32,
}

/// Parses one file. Every syntax error is pushed to `diags`; the returned unit
/// holds whatever could be parsed around them.
pub fn parse(file: FileId, text: &str, names: &mut Rodeo, diags: &mut Vec<Diagnostic>) -> Unit {
    let toks = lex(file, text, diags);
    let mut p = Parser {
        toks,
        pos: 0,
        names,
        diags,
        depth: 0,
    };
    p.unit()
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }

    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)].tok
    }

    fn span(&self) -> Span {
        self.toks[self.pos].span
    }

    fn prev_span(&self) -> Span {
        self.toks[self.pos.saturating_sub(1)].span
    }

    fn bump(&mut self) -> Span {
        let s = self.span();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        s
    }

    /// Takes the current token; whether it was `t`.
    fn bump_is(&mut self, t: &Tok) -> bool {
        let is = self.peek() == t;
        self.bump();
        is
    }

    fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == t {
            self.bump();
            true
        } else {
            false
        }
    }

    fn error(&mut self, msg: impl Into<String>, span: Span) -> Fail {
        self.diags.push(Diagnostic::error(msg, span));
        Fail
    }

    /// Reports the current token as unexpected where `what` was expected.
    fn unexpected(&mut self, what: &str) -> Fail {
        let span = self.span();
        let msg = match self.peek() {
            Tok::Unsupported(d) => format!("the Java subset does not support {d}"),
            t => format!("expected {what}, found {}", t.describe()),
        };
        self.error(msg, span)
    }

    fn expect(&mut self, t: Tok) -> PResult<Span> {
        if self.peek() == &t {
            Ok(self.bump())
        } else if t == Tok::Semi && !matches!(self.peek(), Tok::Unsupported(_)) {
            // As javac: a missing `;` is reported where it belongs, after the
            // previous token.
            let end = self.prev_span();
            let at = Span::new(end.file, end.end, end.end);
            Err(self.error("expected `;`", at))
        } else {
            Err(self.unexpected(&t.describe()))
        }
    }

    fn ident(&mut self) -> PResult<Ident> {
        if let Tok::Ident(s) = &self.toks[self.pos].tok {
            let name = Name(self.names.get_or_intern(s.as_str()));
            let span = self.bump();
            Ok(Ident { name, span })
        } else {
            Err(self.unexpected("an identifier"))
        }
    }

    /// A class name as a type, `C` or a nested class's `T.N` (one name, the dotted
    /// text; `lang::nested` resolves it).
    fn type_name(&mut self) -> PResult<Ident> {
        let mut id = self.ident()?;
        while self.peek() == &Tok::Dot && matches!(self.peek_at(1), Tok::Ident(_)) {
            self.bump();
            let next = self.ident()?;
            let joined = format!("{}.{}", self.name(id), self.name(next));
            id = Ident {
                name: Name(self.names.get_or_intern(joined)),
                span: id.span.to(next.span),
            };
        }
        Ok(id)
    }

    /// How many tokens a dotted name `A.B.C` starting `at` tokens ahead takes (0 when
    /// no identifier is there).
    fn dotted_len(&self, at: usize) -> usize {
        if !matches!(self.peek_at(at), Tok::Ident(_)) {
            return 0;
        }
        let mut n = 1;
        while self.peek_at(at + n) == &Tok::Dot && matches!(self.peek_at(at + n + 1), Tok::Ident(_))
        {
            n += 2;
        }
        n
    }

    /// Runs `f` one nesting level deeper, restoring the depth on every path.
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let saved = self.depth;
        let r = self.enter().and_then(|()| super::deep(|| f(self)));
        self.depth = saved;
        r
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let s = self.span();
            return Err(self.error(
                format!(
                    "nesting too deep: more than {MAX_DEPTH} levels of nested statements and expressions"
                ),
                s,
            ));
        }
        Ok(())
    }

    /// Skips to just after the next `;` or balanced `{...}` at this level, or to
    /// (not past) a `}` that closes the enclosing block.
    fn recover(&mut self) {
        let mut depth = 0u32;
        loop {
            match self.peek() {
                Tok::Eof => return,
                Tok::Semi if depth == 0 => {
                    self.bump();
                    return;
                }
                Tok::LBrace => {
                    depth += 1;
                    self.bump();
                }
                Tok::RBrace => {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                    self.bump();
                    if depth == 0 {
                        return;
                    }
                }
                _ => {
                    self.bump();
                }
            }
        }
    }

    fn unit(&mut self) -> Unit {
        let mut unit = Unit::default();
        self.header(&mut unit);
        while self.peek() != &Tok::Eof {
            // A lone `;` between classes is an empty declaration (JLS 7.6).
            if self.eat(&Tok::Semi) {
                continue;
            }
            let start = self.pos;
            match self.class() {
                Ok(c) => unit.classes.push(c),
                Err(Fail) => {
                    // Skip to the next top-level `class` (or its modifiers).
                    if self.pos == start {
                        self.bump();
                    }
                    while !matches!(
                        self.peek(),
                        Tok::Eof
                            | Tok::Kw(
                                Kw::Class
                                    | Kw::Interface
                                    | Kw::Public
                                    | Kw::Abstract
                                    | Kw::Final
                                    | Kw::Private
                            )
                    ) {
                        self.bump();
                    }
                }
            }
        }
        unit
    }

    /// `[package a.b;] {import a.b.C; | import a.b.*;}`, recovering at the next `;`.
    fn header(&mut self, unit: &mut Unit) {
        if self.peek() == &Tok::Kw(Kw::Package) {
            self.bump();
            match self
                .qualified()
                .and_then(|q| self.expect(Tok::Semi).map(|_| q))
            {
                Ok(q) => unit.package = Some(q),
                Err(Fail) => self.skip_past_semi(),
            }
        }
        while self.peek() == &Tok::Kw(Kw::Import) {
            let start = self.bump();
            if self.peek() == &Tok::Kw(Kw::Static) {
                let s = self.span();
                self.error("the Java subset does not support `import static`", s);
                self.skip_past_semi();
                continue;
            }
            match self.import_rest() {
                Ok((name, star)) => unit.imports.push(Import {
                    name,
                    star,
                    span: start.to(self.prev_span()),
                }),
                Err(Fail) => self.skip_past_semi(),
            }
        }
        if self.peek() == &Tok::Kw(Kw::Package) {
            let s = self.span();
            self.error(
                "`package` must come first in a file, before any `import`",
                s,
            );
            self.skip_past_semi();
        }
    }

    /// The rest of an `import` line after the keyword: a dotted name, maybe `.*`, `;`.
    fn import_rest(&mut self) -> PResult<(QualifiedName, bool)> {
        let first = self.ident()?;
        let mut parts = vec![first];
        let mut star = false;
        while self.eat(&Tok::Dot) {
            if self.eat(&Tok::Star) {
                star = true;
                break;
            }
            parts.push(self.ident()?);
        }
        let span = first.span.to(self.prev_span());
        self.expect(Tok::Semi)?;
        Ok((QualifiedName { parts, span }, star))
    }

    /// `a.b.c`.
    fn qualified(&mut self) -> PResult<QualifiedName> {
        let first = self.ident()?;
        let mut parts = vec![first];
        while self.eat(&Tok::Dot) {
            parts.push(self.ident()?);
        }
        Ok(QualifiedName {
            parts,
            span: first.span.to(self.prev_span()),
        })
    }

    /// Skips tokens through the next `;` (or to the end of the file).
    fn skip_past_semi(&mut self) {
        while !matches!(self.peek(), Tok::Eof | Tok::Semi) {
            self.bump();
        }
        self.eat(&Tok::Semi);
    }

    fn modifiers(&mut self) -> PResult<(Modifiers, Span)> {
        let mut m = Modifiers::default();
        let start = self.span();
        loop {
            match self.peek() {
                Tok::Kw(Kw::Public) => m.public = true,
                Tok::Kw(Kw::Private) => m.private = true,
                Tok::Kw(Kw::Protected) => m.protected = true,
                Tok::Kw(Kw::Final) => m.is_final = true,
                Tok::Kw(Kw::Abstract) => m.is_abstract = true,
                Tok::Kw(Kw::Static) => m.is_static = true,
                Tok::Unsupported(_) if self.is_modifier() => {
                    return Err(self.unexpected("a modifier"));
                }
                _ => return Ok((m, start.to(self.prev_span()))),
            }
            self.bump();
        }
    }

    fn is_modifier(&self) -> bool {
        matches!(
            self.peek(),
            Tok::Unsupported(
                "`synchronized`" | "`native`" | "`transient`" | "`volatile`" | "`strictfp`"
            )
        )
    }

    fn class(&mut self) -> PResult<ClassDecl> {
        let start = self.span();
        let (mods, mspan) = self.modifiers()?;
        if mods.private || mods.is_static {
            self.error("a top-level class cannot be `private` or `static`", mspan);
        }
        self.class_rest(start, mods, mspan)
    }

    /// A class or interface declaration after its modifiers (top-level or nested).
    fn class_rest(&mut self, start: Span, mods: Modifiers, mspan: Span) -> PResult<ClassDecl> {
        if mods.is_abstract && mods.is_final {
            self.error("a class cannot be both `abstract` and `final`", mspan);
        }
        let is_interface = self.eat(&Tok::Kw(Kw::Interface));
        if is_interface {
            if mods.is_final {
                self.error("an interface cannot be `final`", mspan);
            }
        } else {
            self.expect(Tok::Kw(Kw::Class))?;
        }
        let name = self.ident()?;
        if self.peek() == &Tok::Lt {
            let s = self.span();
            return Err(self.error("the Java subset does not support generic classes", s));
        }
        let mut superclass = None;
        let mut interfaces = Vec::new();
        if self.eat(&Tok::Kw(Kw::Extends)) {
            if is_interface {
                // `interface J extends I, K`: its superinterfaces.
                interfaces = self.ident_list()?;
            } else {
                superclass = Some(self.type_name()?);
            }
        }
        if self.peek() == &Tok::Kw(Kw::Implements) {
            let s = self.bump();
            if is_interface {
                self.error(
                    "an interface cannot `implements`: write `extends` for its superinterfaces",
                    s,
                );
            }
            interfaces.extend(self.ident_list()?);
        }
        self.expect(Tok::LBrace)?;
        let mut class = ClassDecl {
            mods,
            name,
            superclass,
            is_interface,
            interfaces,
            fields: Vec::new(),
            methods: Vec::new(),
            nested: Vec::new(),
            inits: Vec::new(),
            span: start,
        };
        loop {
            match self.peek() {
                Tok::RBrace => {
                    self.bump();
                    break;
                }
                Tok::Eof => {
                    let s = self.span();
                    self.error(
                        format!("class `{}` is not closed: expected `}}`", self.name(name)),
                        s,
                    );
                    break;
                }
                _ => {
                    let before = self.pos;
                    if self.member(&mut class).is_err() {
                        self.recover();
                        if self.pos == before {
                            self.bump();
                        }
                    }
                }
            }
        }
        class.span = start.to(self.prev_span());
        Ok(class)
    }

    /// `A, B, C`: the names of an `implements` or an interface's `extends` list.
    fn ident_list(&mut self) -> PResult<Vec<Ident>> {
        let mut list = vec![self.type_name()?];
        while self.eat(&Tok::Comma) {
            list.push(self.type_name()?);
        }
        Ok(list)
    }

    fn name(&self, i: Ident) -> String {
        self.names.resolve(&i.name.0).to_string()
    }

    fn member(&mut self, class: &mut ClassDecl) -> PResult<()> {
        let start = self.span();
        let (mods, mspan) = self.modifiers()?;
        if matches!(self.peek(), Tok::Kw(Kw::Class | Kw::Interface)) {
            if class.is_interface {
                return Err(self.error(
                    "the Java subset does not support classes or interfaces nested in an interface",
                    start,
                ));
            }
            // A member interface is implicitly static (JLS 8.5.1).
            if self.peek() == &Tok::Kw(Kw::Class) && !mods.is_static {
                return Err(self.error(
                    "the Java subset does not support inner classes (a nested class that is not `static`): declare it `static class`",
                    start,
                ));
            }
            let decl = self.nested(|p| p.class_rest(start, mods, mspan))?;
            class.nested.push(decl);
            return Ok(());
        }
        if class.is_interface {
            return self.interface_member(class, mods, mspan, start);
        }
        if self.peek() == &Tok::LBrace {
            if !mods.is_static {
                if mods.public
                    || mods.private
                    || mods.protected
                    || mods.is_final
                    || mods.is_abstract
                {
                    self.error("an instance initializer block takes no modifier", mspan);
                }
                let block = self.block()?;
                let span = block.span;
                class.inits.push(Stmt {
                    kind: StmtKind::Block(block),
                    span,
                });
                return Ok(());
            }
            if mods.public || mods.private || mods.protected || mods.is_final || mods.is_abstract {
                self.error("a static initializer block takes no other modifier", mspan);
            }
            let block = self.block()?;
            let span = block.span;
            self.clinit(class, span).stmts.push(Stmt {
                kind: StmtKind::Block(block),
                span,
            });
            return Ok(());
        }
        // A constructor: the class name followed by `(`.
        if let Tok::Ident(s) = self.peek()
            && self.names.get(s.as_str()) == Some(class.name.name.0)
            && self.peek_at(1) == &Tok::LParen
        {
            let name = self.ident()?;
            if mods.is_static || mods.is_abstract || mods.is_final {
                self.error(
                    "a constructor cannot be `static`, `abstract` or `final`",
                    mspan,
                );
            }
            let params = self.params()?;
            let throws = self.throws()?;
            let body = self.block()?;
            class.methods.push(MethodDecl {
                mods,
                ret: None,
                name,
                params,
                throws,
                body: Some(body),
                span: start.to(self.prev_span()),
            });
            return Ok(());
        }
        if matches!(self.peek(), Tok::Ident(_)) && self.peek_at(1) == &Tok::LParen {
            let s = self.span();
            return Err(self.error(
                "invalid method declaration: return type required (a constructor must be named after its class)",
                s,
            ));
        }
        if self.peek() == &Tok::Lt {
            let s = self.span();
            return Err(self.error("the Java subset does not support generic methods", s));
        }
        let ty = self.type_expr()?;
        let name = self.ident()?;
        if self.peek() == &Tok::LParen {
            let params = self.params()?;
            let throws = self.throws()?;
            let body = if self.eat(&Tok::Semi) {
                None
            } else {
                Some(self.block()?)
            };
            class.methods.push(MethodDecl {
                mods,
                ret: Some(ty),
                name,
                params,
                throws,
                body,
                span: start.to(self.prev_span()),
            });
            return Ok(());
        }
        if let TypeExpr::Void(s) = ty {
            self.error("a field cannot have type `void`", s);
        }
        let ty = self.declarator_dims(ty)?;
        let mut init = None;
        match self.peek() {
            Tok::Assign => {
                self.bump();
                let value = if self.peek() == &Tok::LBrace {
                    let mut e = self.array_init()?;
                    match ty {
                        // `T[] a = {...};` is `a = new T[] {...};`.
                        TypeExpr::Array { .. } => {
                            let ExprKind::ArrayInit(elems) =
                                std::mem::replace(&mut e.kind, ExprKind::Null)
                            else {
                                unreachable!("array_init builds an ArrayInit")
                            };
                            Expr {
                                kind: ExprKind::NewArray {
                                    ty,
                                    len: None,
                                    init: Some(elems),
                                },
                                span: e.span,
                            }
                        }
                        _ => e,
                    }
                } else {
                    self.expr()?
                };
                init = Some(value);
            }
            Tok::Comma => {
                let s = self.span();
                return Err(self.error(
                    "the Java subset does not support several fields in one declaration",
                    s,
                ));
            }
            _ => {}
        }
        self.expect(Tok::Semi)?;
        let span = start.to(self.prev_span());
        if mods.is_final && mods.is_static && init.is_none() {
            self.error(
                "the Java subset does not support blank `static final` fields: give the field an initializer",
                span,
            );
        } else if mods.is_abstract {
            self.error("a field cannot be `abstract`", span);
        }
        class.fields.push(FieldDecl {
            mods,
            ty,
            name,
            span,
            init: init.clone().filter(|_| mods.is_final && mods.is_static),
        });
        if let Some(value) = init {
            // `static T f = e;` runs as `f = e;` in the class's initializer, in
            // textual order with the static blocks; `T f = e;` as `f = e;` in
            // the class's instance initializers.
            let stmt = Stmt {
                kind: StmtKind::Assign {
                    target: Expr {
                        kind: ExprKind::Name(name),
                        span: name.span,
                    },
                    op: AssignOp::Set,
                    value,
                },
                span,
            };
            if mods.is_static {
                self.clinit(class, span).stmts.push(stmt);
            } else {
                class.inits.push(stmt);
            }
        }
        Ok(())
    }

    /// A member of an interface: an abstract method, implicitly `public abstract`
    /// (JLS 9.4). Fields (constants), default, static and private methods,
    /// constructors and initializers are errors.
    fn interface_member(
        &mut self,
        class: &mut ClassDecl,
        mut mods: Modifiers,
        mspan: Span,
        start: Span,
    ) -> PResult<()> {
        if self.peek() == &Tok::LBrace {
            return Err(self.error("an interface cannot have an initializer block", start));
        }
        if self.peek() == &Tok::Kw(Kw::Default) {
            let s = self.span();
            return Err(self.error(
                "the Java subset does not support default methods: an interface declares abstract methods only",
                s,
            ));
        }
        if matches!(self.peek(), Tok::Ident(_)) && self.peek_at(1) == &Tok::LParen {
            let s = self.span();
            return Err(self.error("an interface has no constructors", s));
        }
        if mods.private || mods.protected || mods.is_final || mods.is_static {
            self.error(
                "an interface method is public and abstract: it cannot be `private`, `protected`, `final` or `static` in the Java subset",
                mspan,
            );
        }
        let ty = self.type_expr()?;
        let name = self.ident()?;
        self.no_c_style_dims()?;
        if self.peek() != &Tok::LParen {
            let s = start.to(name.span);
            return Err(self.error("the Java subset does not support fields in interfaces", s));
        }
        let params = self.params()?;
        let throws = self.throws()?;
        if self.peek() == &Tok::LBrace {
            let s = self.span();
            self.error(
                "an interface method has no body in the Java subset (no default or static methods)",
                s,
            );
            self.block()?;
        } else {
            self.expect(Tok::Semi)?;
        }
        mods.public = true;
        mods.is_abstract = true;
        mods.private = false;
        mods.protected = false;
        mods.is_final = false;
        mods.is_static = false;
        class.methods.push(MethodDecl {
            mods,
            ret: Some(ty),
            name,
            params,
            throws,
            body: None,
            span: start.to(self.prev_span()),
        });
        Ok(())
    }

    /// The body of `class`'s static initializer (`<clinit>`, JVMS 2.9.2), made at
    /// its first static field initializer or static block: the initializers in
    /// textual order.
    fn clinit<'c>(&mut self, class: &'c mut ClassDecl, at: Span) -> &'c mut Block {
        let name = Name(self.names.get_or_intern(CLINIT));
        let i = match class.methods.iter().position(|m| m.name.name == name) {
            Some(i) => i,
            None => {
                class.methods.push(MethodDecl {
                    mods: Modifiers {
                        is_static: true,
                        private: true,
                        ..Modifiers::default()
                    },
                    ret: Some(TypeExpr::Void(at)),
                    name: Ident { name, span: at },
                    params: Vec::new(),
                    throws: Vec::new(),
                    body: Some(Block {
                        stmts: Vec::new(),
                        span: at,
                    }),
                    span: at,
                });
                class.methods.len() - 1
            }
        };
        let m = &mut class.methods[i];
        let body = m.body.as_mut().expect("a static initializer has a body");
        body.span = body.span.to(at);
        m.span = body.span;
        body
    }

    fn type_expr(&mut self) -> PResult<TypeExpr> {
        let ty = self.base_type_expr()?;
        self.array_dims(ty)
    }

    /// `[]...[]` after a base type: an array type when there is at least one pair.
    fn array_dims(&mut self, ty: TypeExpr) -> PResult<TypeExpr> {
        let mut dims = 0u32;
        while self.peek() == &Tok::LBracket && self.peek_at(1) == &Tok::RBracket {
            self.bump();
            self.bump();
            dims += 1;
        }
        if dims == 0 {
            return Ok(ty);
        }
        array_type(ty, dims, ty.span().to(self.prev_span()))
            .map_err(|(msg, at)| self.error(msg, at))
    }

    fn base_type_expr(&mut self) -> PResult<TypeExpr> {
        let ty = match self.peek() {
            Tok::Kw(Kw::Int) => TypeExpr::Int(self.bump()),
            Tok::Kw(Kw::Long) => TypeExpr::Long(self.bump()),
            Tok::Kw(Kw::Short) => TypeExpr::Short(self.bump()),
            Tok::Kw(Kw::Byte) => TypeExpr::Byte(self.bump()),
            Tok::Kw(Kw::Char) => TypeExpr::Char(self.bump()),
            Tok::Kw(Kw::Boolean) => TypeExpr::Boolean(self.bump()),
            Tok::Kw(Kw::Void) => TypeExpr::Void(self.bump()),
            Tok::Ident(_) => TypeExpr::Class(self.type_name()?),
            _ => return Err(self.unexpected("a type")),
        };
        if self.peek() == &Tok::Lt {
            let s = self.span();
            return Err(self.error("the Java subset does not support generic types", s));
        }
        Ok(ty)
    }

    fn params(&mut self) -> PResult<Vec<Param>> {
        self.expect(Tok::LParen)?;
        let mut params = Vec::new();
        if self.eat(&Tok::RParen) {
            return Ok(params);
        }
        loop {
            let is_final = self.eat(&Tok::Kw(Kw::Final));
            let ty = self.type_expr()?;
            let name = self.ident()?;
            let ty = self.declarator_dims(ty)?;
            params.push(Param { ty, name, is_final });
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen)?;
        Ok(params)
    }

    /// `throws A, B` (the checker allows only unchecked classes).
    fn throws(&mut self) -> PResult<Vec<Ident>> {
        let mut out = Vec::new();
        if self.eat(&Tok::Kw(Kw::Throws)) {
            loop {
                out.push(self.type_name()?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        Ok(out)
    }

    fn block(&mut self) -> PResult<Block> {
        self.nested(Self::block_inner)
    }

    fn block_inner(&mut self) -> PResult<Block> {
        let start = self.expect(Tok::LBrace)?;
        let mut stmts = Vec::new();
        loop {
            match self.peek() {
                Tok::RBrace => {
                    self.bump();
                    break;
                }
                Tok::Eof => {
                    let s = self.span();
                    return Err(self.error("expected `}`, found end of file", s));
                }
                _ => {
                    let before = self.pos;
                    match self.stmt() {
                        Ok(s) => stmts.push(s),
                        Err(Fail) => {
                            // A statement keyword after progress (as after a
                            // missing `;`) starts the next statement: keep it.
                            let fresh_start = matches!(
                                self.peek(),
                                Tok::Kw(
                                    Kw::If
                                        | Kw::While
                                        | Kw::For
                                        | Kw::Do
                                        | Kw::Switch
                                        | Kw::Break
                                        | Kw::Continue
                                        | Kw::Return
                                        | Kw::Throw
                                        | Kw::Assert
                                        | Kw::Try
                                )
                            );
                            if self.pos == before || !fresh_start {
                                self.recover();
                            }
                            if self.pos == before {
                                self.bump();
                            }
                        }
                    }
                }
            }
        }
        Ok(Block {
            stmts,
            span: start.to(self.prev_span()),
        })
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        self.nested(Self::stmt_inner)
    }

    fn stmt_inner(&mut self) -> PResult<Stmt> {
        let start = self.span();
        let kind = match self.peek() {
            Tok::LBrace => StmtKind::Block(self.block()?),
            Tok::Semi => {
                self.bump();
                StmtKind::Empty
            }
            Tok::Kw(Kw::If) => {
                self.bump();
                let cond = self.paren_expr()?;
                let then = self.stmt()?;
                let els = if self.eat(&Tok::Kw(Kw::Else)) {
                    Some(Box::new(self.stmt()?))
                } else {
                    None
                };
                StmtKind::If(cond, Box::new(then), els)
            }
            Tok::Kw(Kw::While) => {
                self.bump();
                let cond = self.paren_expr()?;
                StmtKind::While(cond, Box::new(self.stmt()?))
            }
            Tok::Kw(Kw::For) => {
                self.bump();
                self.expect(Tok::LParen)?;
                if let Some((ty, name, is_final)) = self.foreach_head()? {
                    let iter = self.expr()?;
                    self.expect(Tok::RParen)?;
                    let body = Box::new(self.stmt()?);
                    return Ok(Stmt {
                        kind: StmtKind::ForEach {
                            ty,
                            name,
                            is_final,
                            iter,
                            body,
                        },
                        span: start.to(self.prev_span()),
                    });
                }
                let mut init = Vec::new();
                if self.peek() != &Tok::Semi {
                    let first = self.simple_stmt()?;
                    let decl = matches!(first.kind, StmtKind::Local { .. } | StmtKind::Locals(_));
                    init.push(first);
                    while !decl && self.eat(&Tok::Comma) {
                        init.push(self.for_stmt_expr()?);
                    }
                }
                self.expect(Tok::Semi)?;
                let cond = if self.peek() == &Tok::Semi {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(Tok::Semi)?;
                let mut update = Vec::new();
                if self.peek() != &Tok::RParen {
                    update.push(self.for_stmt_expr()?);
                    while self.eat(&Tok::Comma) {
                        update.push(self.for_stmt_expr()?);
                    }
                }
                self.expect(Tok::RParen)?;
                let body = Box::new(self.stmt()?);
                StmtKind::For {
                    init,
                    cond,
                    update,
                    body,
                }
            }
            Tok::Kw(Kw::Do) => {
                self.bump();
                let body = Box::new(self.stmt()?);
                self.expect(Tok::Kw(Kw::While))?;
                let cond = self.paren_expr()?;
                self.expect(Tok::Semi)?;
                StmtKind::DoWhile(body, cond)
            }
            Tok::Kw(Kw::Switch) => {
                self.bump();
                let selector = self.paren_expr()?;
                StmtKind::Switch(selector, self.switch_block()?)
            }
            Tok::Kw(k @ (Kw::Break | Kw::Continue)) => {
                let k = *k;
                self.bump();
                let label = match self.peek() {
                    Tok::Ident(_) => Some(self.ident()?),
                    _ => None,
                };
                self.expect(Tok::Semi)?;
                if k == Kw::Break {
                    StmtKind::Break(label)
                } else {
                    StmtKind::Continue(label)
                }
            }
            Tok::Kw(Kw::Case | Kw::Default) => {
                return Err(self.error(
                    "`case` and `default` labels belong in a `switch` block",
                    start,
                ));
            }
            Tok::Ident(_) if self.peek_at(1) == &Tok::Colon => {
                let label = self.ident()?;
                self.bump();
                StmtKind::Labeled(label, Box::new(self.stmt()?))
            }
            Tok::Kw(Kw::Return) => {
                self.bump();
                let e = if self.peek() == &Tok::Semi {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(Tok::Semi)?;
                StmtKind::Return(e)
            }
            Tok::Kw(Kw::Try) => self.try_stmt()?,
            Tok::Kw(Kw::Catch | Kw::Finally) => {
                return Err(self.error("`catch` or `finally` without `try`", start));
            }
            Tok::Kw(Kw::Throw) => {
                self.bump();
                let e = self.expr()?;
                self.expect(Tok::Semi)?;
                StmtKind::Throw(e)
            }
            Tok::Kw(Kw::Assert) => {
                self.bump();
                let e = self.expr()?;
                if self.eat(&Tok::Colon) {
                    let m = self.expr()?;
                    self.expect(Tok::Semi)?;
                    StmtKind::AssertMsg(e, m)
                } else {
                    self.expect(Tok::Semi)?;
                    StmtKind::Assert(e)
                }
            }
            Tok::Kw(Kw::Super) if self.peek_at(1) == &Tok::LParen => {
                self.bump();
                let args = self.args()?;
                self.expect(Tok::Semi)?;
                StmtKind::SuperCtor(args)
            }
            Tok::Kw(Kw::This) if self.peek_at(1) == &Tok::LParen => {
                self.bump();
                let args = self.args()?;
                self.expect(Tok::Semi)?;
                StmtKind::ThisCtor(args)
            }
            Tok::Kw(Kw::Else) => return Err(self.error("`else` without `if`", start)),
            _ => {
                let mut s = self.simple_stmt()?;
                // A missing `;` is reported but keeps the statement (and its
                // declaration), so it causes no follow-up errors.
                let _ = self.expect(Tok::Semi);
                s.span = start.to(self.prev_span());
                return Ok(s);
            }
        };
        Ok(Stmt {
            kind,
            span: start.to(self.prev_span()),
        })
    }

    /// `try block { catch (T | T x) block } [ finally block ]`, after `try`.
    fn try_stmt(&mut self) -> PResult<StmtKind> {
        let start = self.span();
        self.bump();
        if self.peek() != &Tok::LBrace {
            return Err(self.unexpected("`{` after `try`"));
        }
        let body = self.block()?;
        let mut catches = Vec::new();
        while self.peek() == &Tok::Kw(Kw::Catch) {
            let cstart = self.span();
            self.bump();
            self.expect(Tok::LParen)?;
            if self.peek() == &Tok::Kw(Kw::Final) {
                let s = self.span();
                return Err(self.error(
                    "the Java subset does not support `final` catch parameters",
                    s,
                ));
            }
            let mut types = vec![self.type_name()?];
            while self.eat(&Tok::Pipe) {
                types.push(self.type_name()?);
            }
            let name = self.ident()?;
            self.expect(Tok::RParen)?;
            let body = self.block()?;
            catches.push(CatchClause {
                types,
                name,
                body,
                span: cstart.to(self.prev_span()),
            });
        }
        let finally = if self.eat(&Tok::Kw(Kw::Finally)) {
            Some(self.block()?)
        } else {
            None
        };
        if catches.is_empty() && finally.is_none() {
            return Err(self.error(
                "`try` without `catch` or `finally`",
                start.to(self.prev_span()),
            ));
        }
        Ok(StmtKind::Try {
            body,
            catches,
            finally,
        })
    }

    fn is_decl_start(&self) -> bool {
        match self.peek() {
            Tok::Kw(Kw::Int | Kw::Long | Kw::Short | Kw::Byte | Kw::Char | Kw::Boolean) => true,
            Tok::Ident(_) => {
                let n = self.dotted_len(0);
                matches!(self.peek_at(n), Tok::Ident(_))
                    || (self.peek_at(n) == &Tok::LBracket && self.peek_at(n + 1) == &Tok::RBracket)
            }
            _ => false,
        }
    }

    /// `[]...[]` after a declared name (`int a[]`, JLS 10.2): they add to the
    /// declared type's dimensions.
    fn declarator_dims(&mut self, ty: TypeExpr) -> PResult<TypeExpr> {
        let mut extra = 0u32;
        while self.peek() == &Tok::LBracket && self.peek_at(1) == &Tok::RBracket {
            self.bump();
            self.bump();
            extra += 1;
        }
        if extra == 0 {
            return Ok(ty);
        }
        array_type(ty, extra, ty.span().to(self.prev_span()))
            .map_err(|(msg, at)| self.error(msg, at))
    }

    /// Rejects `[]` after a method's name or where the subset reads no declarator.
    fn no_c_style_dims(&mut self) -> PResult<()> {
        if self.peek() == &Tok::LBracket {
            let s = self.span();
            return Err(self.error(
                "the Java subset does not support `[]` after a declared name: write the brackets after the type (`int[] a`)",
                s,
            ));
        }
        Ok(())
    }

    /// `{ e, ... }`, each element an expression or a nested initializer; a
    /// trailing comma is allowed, as in Java.
    fn array_init(&mut self) -> PResult<Expr> {
        self.nested(Self::array_init_inner)
    }

    fn array_init_inner(&mut self) -> PResult<Expr> {
        let start = self.expect(Tok::LBrace)?;
        let mut elems = Vec::new();
        while self.peek() != &Tok::RBrace {
            let e = if self.peek() == &Tok::LBrace {
                self.array_init()?
            } else {
                self.expr()?
            };
            elems.push(e);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RBrace)?;
        Ok(Expr {
            kind: ExprKind::ArrayInit(elems),
            span: start.to(self.prev_span()),
        })
    }

    /// After `new`: `T[n][]...`, or `T[]...[] { ... }`.
    fn new_array(&mut self, start: Span) -> PResult<ExprKind> {
        let base = self.base_type_expr()?;
        if let TypeExpr::Void(s) = base {
            return Err(self.error("an array cannot have elements of type `void`", s));
        }
        self.expect(Tok::LBracket)?;
        let mut len = None;
        if self.peek() != &Tok::RBracket {
            len = Some(Box::new(self.expr()?));
        }
        self.expect(Tok::RBracket)?;
        let mut dims = 1u32;
        // `new T[a][b]...`: the dimension expressions after the first, which come
        // before every empty `[]`.
        let mut more = Vec::new();
        while self.peek() == &Tok::LBracket {
            self.bump();
            if self.peek() != &Tok::RBracket {
                if len.is_none() || dims as usize != more.len() + 1 {
                    return Err(self.unexpected("`]`"));
                }
                more.push(self.expr()?);
                self.expect(Tok::RBracket)?;
                dims += 1;
                continue;
            }
            self.bump();
            dims += 1;
        }
        let ty = array_type(base, dims, base.span().to(self.prev_span()))
            .map_err(|(msg, at)| self.error(msg, at))?;
        if !more.is_empty()
            && let Some(first) = len.take()
        {
            more.insert(0, *first);
            return Ok(ExprKind::NewArrayDims { ty, dims: more });
        }
        let init = if len.is_none() {
            if self.peek() != &Tok::LBrace {
                return Err(self.error(
                    "array creation needs a length (`new T[n]`) or an initializer (`new T[] { ... }`)",
                    start.to(self.prev_span()),
                ));
            }
            let ExprKind::ArrayInit(elems) =
                std::mem::replace(&mut self.array_init()?.kind, ExprKind::Null)
            else {
                unreachable!("array_init builds an ArrayInit")
            };
            Some(elems)
        } else {
            None
        };
        Ok(ExprKind::NewArray { ty, len, init })
    }

    /// A local declaration, assignment, `++`/`--` or call, without the `;`.
    /// `[final] T x :` after `for (`, the head of an enhanced `for`: its type,
    /// name and `final`, with the `:` eaten; `None` (nothing eaten) when the
    /// `for` is a basic one.
    fn foreach_head(&mut self) -> PResult<Option<(TypeExpr, Ident, bool)>> {
        let at = self.pos;
        let final_ = usize::from(self.peek() == &Tok::Kw(Kw::Final));
        self.pos += final_;
        let decl = self.is_decl_start();
        self.pos = at;
        if !decl {
            return Ok(None);
        }
        // Look past the type and name without parsing (no diagnostics): a basic
        // `for`'s declaration has `=`, `,` or `;` where this one has `:`.
        let mut i = final_;
        let mut depth = 0usize;
        loop {
            match self.peek_at(i) {
                Tok::Colon if depth == 0 => break,
                Tok::LParen => depth += 1,
                Tok::RParen if depth == 0 => return Ok(None),
                Tok::RParen => depth -= 1,
                Tok::Assign | Tok::Semi | Tok::Comma | Tok::Eof | Tok::LBrace => {
                    return Ok(None);
                }
                _ => {}
            }
            i += 1;
        }
        let is_final = self.eat(&Tok::Kw(Kw::Final));
        let base = self.type_expr()?;
        let name = self.ident()?;
        let ty = self.declarator_dims(base)?;
        self.expect(Tok::Colon)?;
        Ok(Some((ty, name, is_final)))
    }

    fn simple_stmt(&mut self) -> PResult<Stmt> {
        let start = self.span();
        let is_final = self.eat(&Tok::Kw(Kw::Final));
        if is_final && !self.is_decl_start() {
            return Err(self.unexpected("a type"));
        }
        if self.is_decl_start() {
            let base = self.type_expr()?;
            let mut decls = Vec::new();
            loop {
                let first = self.span();
                let name = self.ident()?;
                let ty = self.declarator_dims(base)?;
                let init = if !self.eat(&Tok::Assign) {
                    None
                } else if self.peek() == &Tok::LBrace {
                    Some(self.array_init()?)
                } else {
                    Some(self.expr()?)
                };
                let begin = if decls.is_empty() { start } else { first };
                decls.push(Stmt {
                    kind: StmtKind::Local {
                        ty,
                        name,
                        init,
                        is_final,
                    },
                    span: begin.to(self.prev_span()),
                });
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            if decls.len() == 1 {
                return Ok(decls.pop().expect("one declarator"));
            }
            return Ok(Stmt {
                kind: StmtKind::Locals(decls),
                span: start.to(self.prev_span()),
            });
        }
        if matches!(self.peek(), Tok::Ident(_))
            && self.peek_at(1) == &Tok::Lt
            && matches!(self.peek_at(2), Tok::Ident(_))
            && self.peek_at(3) == &Tok::Gt
        {
            return Err(self.error("the Java subset does not support generic types", start));
        }
        let first = self.pos;
        let e = self.expr()?;
        let kind = match e.kind {
            // Taken apart into its operands (`Expr` has a `Drop`, so no move out).
            ExprKind::Assign { .. } | ExprKind::IncDec { .. } => {
                let span = e.span;
                match std::mem::replace(&mut { e }.kind, ExprKind::Null) {
                    ExprKind::Assign { target, op, value } => StmtKind::Assign {
                        target: *target,
                        op,
                        value: *value,
                    },
                    ExprKind::IncDec { target, op, .. } => StmtKind::Assign {
                        target: *target,
                        op,
                        value: Expr {
                            kind: ExprKind::Int(1),
                            span,
                        },
                    },
                    _ => unreachable!("matched above"),
                }
            }
            ExprKind::Call { .. } | ExprKind::SuperCall { .. } | ExprKind::New(..) => {
                StmtKind::Expr(e)
            }
            _ => {
                return Err(self.error(
                    "not a statement: only calls, `new`, assignments, `++` and `--` can be statements",
                    e.span,
                ));
            }
        };
        if self.parenthesized_from(first) {
            return Err(self.error(
                "not a statement: a parenthesized expression cannot be a statement",
                start.to(self.prev_span()),
            ));
        }
        Ok(Stmt {
            kind,
            span: start.to(self.prev_span()),
        })
    }

    /// A statement expression of a `for` initializer list or update list.
    fn for_stmt_expr(&mut self) -> PResult<Stmt> {
        let s = self.simple_stmt()?;
        if matches!(s.kind, StmtKind::Local { .. } | StmtKind::Locals(_)) {
            return Err(self.error("expected a statement, found a declaration", s.span));
        }
        Ok(s)
    }

    /// Whether the tokens from `first` up to the last one taken are one
    /// parenthesized expression, `( ... )` (never a statement in Java).
    fn parenthesized_from(&self, first: usize) -> bool {
        if self.toks[first].tok != Tok::LParen {
            return false;
        }
        let mut depth = 0u32;
        for (i, t) in self.toks[first..self.pos].iter().enumerate() {
            match t.tok {
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return first + i + 1 == self.pos;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// The `{ groups }` of a `switch`.
    fn switch_block(&mut self) -> PResult<Vec<SwitchGroup>> {
        self.expect(Tok::LBrace)?;
        let mut groups: Vec<SwitchGroup> = Vec::new();
        loop {
            match self.peek() {
                Tok::RBrace => {
                    self.bump();
                    return Ok(groups);
                }
                Tok::Eof => {
                    let s = self.span();
                    return Err(self.error("expected `}`, found end of file", s));
                }
                Tok::Kw(Kw::Case | Kw::Default) => {
                    let label = if self.eat(&Tok::Kw(Kw::Case)) {
                        SwitchLabel::Case(self.expr()?)
                    } else {
                        SwitchLabel::Default(self.bump())
                    };
                    self.expect(Tok::Colon)?;
                    match groups.last_mut() {
                        Some(g) if g.stmts.is_empty() => g.labels.push(label),
                        _ => groups.push(SwitchGroup {
                            labels: vec![label],
                            stmts: Vec::new(),
                        }),
                    }
                }
                _ => {
                    if groups.is_empty() {
                        return Err(self.unexpected("`case`, `default` or `}`"));
                    }
                    let before = self.pos;
                    match self.stmt() {
                        Ok(st) => {
                            if let Some(g) = groups.last_mut() {
                                g.stmts.push(st);
                            }
                        }
                        Err(Fail) => {
                            if self.pos == before {
                                self.bump();
                            }
                            self.recover();
                        }
                    }
                }
            }
        }
    }

    fn check_target(&mut self, e: &Expr) -> PResult<()> {
        match e.kind {
            ExprKind::Name(_) | ExprKind::Field(..) | ExprKind::Index(..) => Ok(()),
            _ => Err(self.error(
                "cannot assign to this expression: expected a variable, a field or an array element",
                e.span,
            )),
        }
    }

    fn paren_expr(&mut self) -> PResult<Expr> {
        self.expect(Tok::LParen)?;
        let e = self.expr()?;
        self.expect(Tok::RParen)?;
        Ok(e)
    }

    fn args(&mut self) -> PResult<Vec<Expr>> {
        self.expect(Tok::LParen)?;
        let mut args = Vec::new();
        if self.eat(&Tok::RParen) {
            return Ok(args);
        }
        loop {
            args.push(self.expr()?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen)?;
        Ok(args)
    }

    fn expr(&mut self) -> PResult<Expr> {
        self.nested(Self::assignment)
    }

    /// `conditional [ op expr ]`, right associative.
    fn assignment(&mut self) -> PResult<Expr> {
        let target = self.conditional()?;
        let op = match self.peek() {
            Tok::Assign => AssignOp::Set,
            Tok::PlusAssign => AssignOp::Add,
            Tok::MinusAssign => AssignOp::Sub,
            Tok::StarAssign => AssignOp::Mul,
            Tok::SlashAssign => AssignOp::Div,
            Tok::PercentAssign => AssignOp::Rem,
            Tok::AmpAssign => AssignOp::And,
            Tok::PipeAssign => AssignOp::Or,
            Tok::CaretAssign => AssignOp::Xor,
            Tok::ShlAssign => AssignOp::Shl,
            Tok::ShrAssign => AssignOp::Shr,
            Tok::UshrAssign => AssignOp::Ushr,
            _ => return Ok(target),
        };
        self.bump();
        self.check_target(&target)?;
        let value = self.expr()?;
        let span = target.span.to(value.span);
        Ok(Expr {
            kind: ExprKind::Assign {
                target: Box::new(target),
                op,
                value: Box::new(value),
            },
            span,
        })
    }

    /// `or [ "?" expr ":" conditional ]`, right associative.
    fn conditional(&mut self) -> PResult<Expr> {
        let c = self.binary(0)?;
        if !self.eat(&Tok::Question) {
            return Ok(c);
        }
        let a = self.expr()?;
        self.expect(Tok::Colon)?;
        let b = self.nested(Self::conditional)?;
        let span = c.span.to(b.span);
        Ok(Expr {
            kind: ExprKind::Conditional(Box::new(c), Box::new(a), Box::new(b)),
            span,
        })
    }

    /// Precedence climbing over the binary operators; `level` 0 is `||` (JLS 15.7:
    /// `||`, `&&`, `|`, `^`, `&`, equality, relational, shift, additive,
    /// multiplicative, each left associative).
    fn binary(&mut self, level: u8) -> PResult<Expr> {
        const LEVELS: &[&[(Tok, BinOp)]] = &[
            &[(Tok::OrOr, BinOp::Or)],
            &[(Tok::AndAnd, BinOp::And)],
            &[(Tok::Pipe, BinOp::BitOr)],
            &[(Tok::Caret, BinOp::BitXor)],
            &[(Tok::Amp, BinOp::BitAnd)],
            &[(Tok::EqEq, BinOp::Eq), (Tok::NotEq, BinOp::Ne)],
            &[
                (Tok::Lt, BinOp::Lt),
                (Tok::Le, BinOp::Le),
                (Tok::Gt, BinOp::Gt),
                (Tok::Ge, BinOp::Ge),
            ],
            &[
                (Tok::Shl, BinOp::Shl),
                (Tok::Shr, BinOp::Shr),
                (Tok::Ushr, BinOp::Ushr),
            ],
            &[(Tok::Plus, BinOp::Add), (Tok::Minus, BinOp::Sub)],
            &[
                (Tok::Star, BinOp::Mul),
                (Tok::Slash, BinOp::Div),
                (Tok::Percent, BinOp::Rem),
            ],
        ];
        let Some(ops) = LEVELS.get(level as usize) else {
            return self.unary();
        };
        let lhs = self.binary(level + 1)?;
        let saved = self.depth;
        let r = self.binary_rest(level, ops, lhs);
        self.depth = saved;
        r
    }

    /// The operators of one level after its first operand; each one nests deeper,
    /// as the left-leaning tree does.
    fn binary_rest(&mut self, level: u8, ops: &[(Tok, BinOp)], mut lhs: Expr) -> PResult<Expr> {
        loop {
            // `instanceof` binds like the relational operators.
            if level == RELATIONAL && self.eat(&Tok::Kw(Kw::Instanceof)) {
                let ty = match self.peek() {
                    Tok::Kw(Kw::Int | Kw::Long | Kw::Short | Kw::Byte | Kw::Char | Kw::Boolean)
                    | Tok::Ident(_) => self.type_expr()?,
                    _ => return Err(self.unexpected("a class or array type")),
                };
                let span = lhs.span.to(ty.span());
                lhs = Expr {
                    kind: ExprKind::InstanceOf(Box::new(lhs), ty),
                    span,
                };
                self.enter()?;
                continue;
            }
            let Some(&(_, op)) = ops.iter().find(|(t, _)| t == self.peek()) else {
                break;
            };
            self.bump();
            self.enter()?;
            let rhs = self.binary(level + 1)?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<Expr> {
        self.nested(Self::unary_inner)
    }

    fn unary_inner(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.peek() {
            Tok::Minus => {
                self.bump();
                if let Tok::Int(v) = *self.peek() {
                    // A literal directly under `-` may be 2147483648 (JLS 3.10.1).
                    if v <= 1 << 31 {
                        let end = self.bump();
                        let e = Expr {
                            kind: ExprKind::Int((-(v as i64)) as i32),
                            span: start.to(end),
                        };
                        return self.postfix(e);
                    }
                }
                if let Tok::Long(v) = *self.peek() {
                    // 9223372036854775808L likewise.
                    if v <= 1 << 63 {
                        let end = self.bump();
                        let e = Expr {
                            kind: ExprKind::Long((-i128::from(v)) as i64),
                            span: start.to(end),
                        };
                        return self.postfix(e);
                    }
                }
                let e = self.unary()?;
                let span = start.to(e.span);
                Ok(Expr {
                    kind: ExprKind::Unary(UnOp::Neg, Box::new(e)),
                    span,
                })
            }
            Tok::Bang => {
                self.bump();
                let e = self.unary()?;
                let span = start.to(e.span);
                Ok(Expr {
                    kind: ExprKind::Unary(UnOp::Not, Box::new(e)),
                    span,
                })
            }
            Tok::Tilde => {
                self.bump();
                let e = self.unary()?;
                let span = start.to(e.span);
                Ok(Expr {
                    kind: ExprKind::Unary(UnOp::BitNot, Box::new(e)),
                    span,
                })
            }
            Tok::Plus => {
                self.bump();
                let e = self.unary()?;
                let span = start.to(e.span);
                Ok(Expr {
                    kind: ExprKind::Unary(UnOp::Plus, Box::new(e)),
                    span,
                })
            }
            Tok::PlusPlus | Tok::MinusMinus => {
                let op = if self.bump_is(&Tok::PlusPlus) {
                    AssignOp::Add
                } else {
                    AssignOp::Sub
                };
                let e = self.unary()?;
                self.check_target(&e)?;
                let span = start.to(e.span);
                Ok(Expr {
                    kind: ExprKind::IncDec {
                        target: Box::new(e),
                        op,
                        prefix: true,
                    },
                    span,
                })
            }
            Tok::LParen => {
                if matches!(
                    self.peek_at(1),
                    Tok::Kw(Kw::Int | Kw::Long | Kw::Short | Kw::Byte | Kw::Char | Kw::Boolean)
                        | Tok::Ident(_)
                ) && self.peek_at(2) == &Tok::LBracket
                    && self.peek_at(3) == &Tok::RBracket
                {
                    // `(T[]) e`: only a type can have `[]` there, so a cast.
                    self.bump();
                    let ty = self.type_expr()?;
                    self.expect(Tok::RParen)?;
                    let e = self.unary()?;
                    let span = start.to(e.span);
                    return Ok(Expr {
                        kind: ExprKind::Cast(ty, Box::new(e)),
                        span,
                    });
                }
                if matches!(
                    self.peek_at(1),
                    Tok::Kw(Kw::Int | Kw::Long | Kw::Short | Kw::Byte | Kw::Char | Kw::Boolean)
                ) && self.peek_at(2) == &Tok::RParen
                {
                    // `(int) e`: a cast to a primitive type takes any unary
                    // expression, `-x` included (JLS 15.16).
                    self.bump();
                    let ty = self.base_type_expr()?;
                    self.expect(Tok::RParen)?;
                    let e = self.unary()?;
                    let span = start.to(e.span);
                    return Ok(Expr {
                        kind: ExprKind::Cast(ty, Box::new(e)),
                        span,
                    });
                }
                let n = self.dotted_len(1);
                if n > 0
                    && self.peek_at(1 + n) == &Tok::RParen
                    && matches!(
                        self.peek_at(2 + n),
                        Tok::Ident(_)
                            | Tok::Int(_)
                            | Tok::IntBits(_)
                            | Tok::Long(_)
                            | Tok::LongBits(_)
                            | Tok::Char(_)
                            | Tok::LParen
                            | Tok::Bang
                            | Tok::Tilde
                            | Tok::Kw(
                                Kw::This | Kw::New | Kw::True | Kw::False | Kw::Null | Kw::Super
                            )
                    )
                {
                    self.bump();
                    let class = self.type_name()?;
                    self.bump();
                    let e = self.unary()?;
                    let span = start.to(e.span);
                    return Ok(Expr {
                        kind: ExprKind::Cast(TypeExpr::Class(class), Box::new(e)),
                        span,
                    });
                }
                self.primary_and_postfix()
            }
            _ => self.primary_and_postfix(),
        }
    }

    fn primary_and_postfix(&mut self) -> PResult<Expr> {
        let e = self.primary()?;
        self.postfix(e)
    }

    fn postfix(&mut self, e: Expr) -> PResult<Expr> {
        let saved = self.depth;
        let r = self.postfix_rest(e);
        self.depth = saved;
        r
    }

    fn postfix_rest(&mut self, mut e: Expr) -> PResult<Expr> {
        loop {
            if self.eat(&Tok::LBracket) {
                self.enter()?;
                let index = self.expr()?;
                self.expect(Tok::RBracket)?;
                let span = e.span.to(self.prev_span());
                e = Expr {
                    kind: ExprKind::Index(Box::new(e), Box::new(index)),
                    span,
                };
                continue;
            }
            if !self.eat(&Tok::Dot) {
                break;
            }
            self.enter()?;
            let name = self.ident()?;
            if self.peek() == &Tok::LParen {
                let args = self.args()?;
                let span = e.span.to(self.prev_span());
                e = Expr {
                    kind: ExprKind::Call {
                        recv: Some(Box::new(e)),
                        name,
                        args,
                    },
                    span,
                };
            } else {
                let span = e.span.to(name.span);
                e = Expr {
                    kind: ExprKind::Field(Box::new(e), name),
                    span,
                };
            }
        }
        if matches!(self.peek(), Tok::PlusPlus | Tok::MinusMinus) {
            self.check_target(&e)?;
            let op = if self.bump_is(&Tok::PlusPlus) {
                AssignOp::Add
            } else {
                AssignOp::Sub
            };
            let span = e.span.to(self.prev_span());
            e = Expr {
                kind: ExprKind::IncDec {
                    target: Box::new(e),
                    op,
                    prefix: false,
                },
                span,
            };
        }
        Ok(e)
    }

    fn primary(&mut self) -> PResult<Expr> {
        let start = self.span();
        let kind = match self.peek().clone() {
            Tok::Int(v) => {
                self.bump();
                if v > i32::MAX as u64 {
                    return Err(self.error("integer number too large for `int`", start));
                }
                ExprKind::Int(v as i32)
            }
            Tok::IntBits(v) => {
                self.bump();
                ExprKind::Int(v)
            }
            Tok::Long(v) => {
                self.bump();
                if v > i64::MAX as u64 {
                    return Err(self.error("integer number too large for `long`", start));
                }
                ExprKind::Long(v as i64)
            }
            Tok::LongBits(v) => {
                self.bump();
                ExprKind::Long(v)
            }
            Tok::Char(c) => {
                self.bump();
                ExprKind::Char(c)
            }
            Tok::Kw(Kw::True) => {
                self.bump();
                ExprKind::Bool(true)
            }
            Tok::Kw(Kw::False) => {
                self.bump();
                ExprKind::Bool(false)
            }
            Tok::Kw(Kw::Null) => {
                self.bump();
                ExprKind::Null
            }
            Tok::Kw(Kw::This) => {
                self.bump();
                if self.peek() == &Tok::LParen {
                    return Err(self.error(
                        "the Java subset does not support `this(...)` constructor calls",
                        start,
                    ));
                }
                ExprKind::This
            }
            Tok::LParen => {
                self.bump();
                let mut e = self.expr()?;
                self.expect(Tok::RParen)?;
                e.span = start.to(self.prev_span());
                return Ok(e);
            }
            Tok::Kw(Kw::New) => {
                self.bump();
                if matches!(
                    self.peek(),
                    Tok::Kw(Kw::Int | Kw::Long | Kw::Short | Kw::Byte | Kw::Char | Kw::Boolean)
                ) || (self.dotted_len(0) > 0
                    && self.peek_at(self.dotted_len(0)) == &Tok::LBracket)
                {
                    let kind = self.new_array(start)?;
                    return Ok(Expr {
                        kind,
                        span: start.to(self.prev_span()),
                    });
                }
                let class = self.type_name()?;
                if self.peek() == &Tok::Lt {
                    let s = self.span();
                    return Err(self.error("the Java subset does not support generic types", s));
                }
                let args = self.args()?;
                if self.peek() == &Tok::LBrace {
                    let s = self.span();
                    return Err(self.error("the Java subset does not support anonymous classes", s));
                }
                ExprKind::New(class, args)
            }
            Tok::Kw(Kw::Super) => {
                self.bump();
                self.expect(Tok::Dot)?;
                let name = self.ident()?;
                if self.peek() != &Tok::LParen {
                    return Err(self.error(
                        "the Java subset does not support `super.field`: use `this.field`",
                        start.to(name.span),
                    ));
                }
                let args = self.args()?;
                ExprKind::SuperCall { name, args }
            }
            Tok::Ident(_) => {
                let name = self.ident()?;
                if self.peek() == &Tok::LParen {
                    let args = self.args()?;
                    ExprKind::Call {
                        recv: None,
                        name,
                        args,
                    }
                } else {
                    ExprKind::Name(name)
                }
            }
            _ => return Err(self.unexpected("an expression")),
        };
        Ok(Expr {
            kind,
            span: start.to(self.prev_span()),
        })
    }
}

/// The array type of `dims` bracket pairs after `base`, or the error to report.
fn array_type(base: TypeExpr, dims: u32, span: Span) -> Result<TypeExpr, (String, Span)> {
    let base = match base {
        TypeExpr::Int(_) => ArrayBaseExpr::Int,
        TypeExpr::Long(_) => ArrayBaseExpr::Long,
        TypeExpr::Short(_) => ArrayBaseExpr::Short,
        TypeExpr::Byte(_) => ArrayBaseExpr::Byte,
        TypeExpr::Char(_) => ArrayBaseExpr::Char,
        TypeExpr::Boolean(_) => ArrayBaseExpr::Boolean,
        TypeExpr::Class(i) => ArrayBaseExpr::Class(i),
        TypeExpr::Void(s) => {
            return Err(("an array cannot have elements of type `void`".into(), s));
        }
        TypeExpr::Array { base, dims: d0, .. } => {
            return array_type_of(base, d0 as u32 + dims, span);
        }
    };
    array_type_of(base, dims, span)
}

fn array_type_of(base: ArrayBaseExpr, dims: u32, span: Span) -> Result<TypeExpr, (String, Span)> {
    match u8::try_from(dims) {
        Ok(dims) if dims > 0 => Ok(TypeExpr::Array { base, dims, span }),
        _ => Err((
            "array type has too many dimensions (at most 255)".into(),
            span,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> (Unit, Vec<Diagnostic>, Rodeo) {
        let mut names = Rodeo::new();
        let mut diags = Vec::new();
        let u = parse(FileId(0), text, &mut names, &mut diags);
        (u, diags, names)
    }

    #[test]
    fn parses_a_class_with_members() {
        let (u, d, _) = parse_str(
            "public abstract class A extends B { int x; A(int y) { super(y); x = y; }
             abstract int f(); static boolean g(A a) throws Error { return a instanceof C && !true; } }",
        );
        assert!(d.is_empty(), "{d:?}");
        let c = &u.classes[0];
        assert!(c.mods.is_abstract);
        assert_eq!(c.fields.len(), 1);
        assert_eq!(c.methods.len(), 3);
        assert!(c.methods[0].ret.is_none(), "constructor");
        assert!(c.methods[1].body.is_none(), "abstract method");
        assert!(c.methods[2].mods.is_static);
    }

    #[test]
    fn precedence_and_casts() {
        let (u, d, _) = parse_str("class A { int f() { return 1 + 2 * (A) x.y - -2147483648; } }");
        assert!(d.is_empty(), "{d:?}");
        let body = u.classes[0].methods[0].body.as_ref().unwrap();
        let StmtKind::Return(Some(e)) = &body.stmts[0].kind else {
            panic!("expected return");
        };
        // ((1 + (2 * ((A) x.y))) - MIN)
        let ExprKind::Binary(BinOp::Sub, l, r) = &e.kind else {
            panic!("{e:?}");
        };
        assert!(matches!(r.kind, ExprKind::Int(i32::MIN)));
        let ExprKind::Binary(BinOp::Add, _, m) = &l.kind else {
            panic!("{l:?}");
        };
        let ExprKind::Binary(BinOp::Mul, _, c) = &m.kind else {
            panic!("{m:?}");
        };
        assert!(matches!(c.kind, ExprKind::Cast(..)));
    }

    #[test]
    fn statements_desugar_increments_and_for() {
        let (u, d, _) = parse_str(
            "class A { void f() { for (int i = 0; i < 3; i++) { x.f += 2; } int y; y = 1; } }",
        );
        assert!(d.is_empty(), "{d:?}");
        let stmts = &u.classes[0].methods[0].body.as_ref().unwrap().stmts;
        assert_eq!(stmts.len(), 3);
        let StmtKind::For { update, .. } = &stmts[0].kind else {
            panic!()
        };
        assert!(matches!(
            update[0].kind,
            StmtKind::Assign {
                op: AssignOp::Add,
                ..
            }
        ));
    }

    #[test]
    fn recovers_at_statements_and_members() {
        let (u, d, _) = parse_str(
            "class A { int x = 1; void f() { x + 1; try; int y = ; } String s; int[] a; void g() {} }",
        );
        let msgs: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(msgs.len(), 3, "{msgs:?}");
        assert!(msgs[0].contains("not a statement"));
        assert!(msgs[1].contains("`try`"));
        assert!(msgs[2].contains("expected an expression"));
        // `x` (its initializer among the class's instance initializers), `s` (an
        // unknown class is the checker's business), `a` and `g` survive.
        assert_eq!(u.classes[0].methods.len(), 2);
        assert_eq!(u.classes[0].fields.len(), 3);
        assert_eq!(u.classes[0].inits.len(), 1);
    }

    #[test]
    fn literal_range() {
        let (_, d, _) = parse_str("class A { int f() { return 2147483648; } }");
        assert_eq!(d.len(), 1);
        assert!(d[0].message.contains("too large"));
        let (_, d, _) = parse_str("class A { int f() { return -2147483648 + 2147483647; } }");
        assert!(d.is_empty());
    }

    #[test]
    fn deep_nesting_is_reported_not_overflowed() {
        let text = format!(
            "class A {{ int f() {{ return {}1; }} }}",
            "(".repeat(100_000)
        );
        let (_, d, _) = parse_str(&text);
        assert!(
            d.iter().any(|d| d
                .message
                .starts_with("nesting too deep: more than 10000 levels")),
            "{:?}",
            d.iter().map(|d| &d.message).collect::<Vec<_>>()
        );
    }

    #[test]
    fn parses_array_types_creation_indexing_casts_and_initializers() {
        let (u, d, _) = parse_str(
            "class A { int[][] g; C[] f(boolean[] b, Object o) {
                 int[] a = {1, 2,}; int[][] m = new int[3][]; C[] c = new C[] { null };
                 a[0] += m[1][2]++; a[a.length - 1] = 3; boolean t = o instanceof C[][];
                 return (C[]) o; } }",
        );
        assert!(d.is_empty(), "{d:?}");
        let c = &u.classes[0];
        assert!(matches!(c.fields[0].ty, TypeExpr::Array { dims: 2, .. }));
        let stmts = &c.methods[0].body.as_ref().unwrap().stmts;
        assert_eq!(stmts.len(), 7);
        let StmtKind::Local { init: Some(i), .. } = &stmts[0].kind else {
            panic!("{:?}", stmts[0]);
        };
        assert!(matches!(&i.kind, ExprKind::ArrayInit(es) if es.len() == 2));
        let StmtKind::Local { init: Some(n), .. } = &stmts[1].kind else {
            panic!("{:?}", stmts[1]);
        };
        assert!(matches!(
            &n.kind,
            ExprKind::NewArray {
                ty: TypeExpr::Array { dims: 2, .. },
                len: Some(_),
                init: None
            }
        ));
        assert!(matches!(
            &stmts[3].kind,
            StmtKind::Assign {
                target: Expr {
                    kind: ExprKind::Index(..),
                    ..
                },
                op: AssignOp::Add,
                ..
            }
        ));
        let StmtKind::Return(Some(r)) = &stmts[6].kind else {
            panic!("{:?}", stmts[6]);
        };
        assert!(matches!(
            r.kind,
            ExprKind::Cast(TypeExpr::Array { dims: 1, .. }, _)
        ));
    }

    #[test]
    fn reads_c_style_brackets_and_several_dimension_expressions() {
        // `[]` after a declared name adds to that declarator's type only.
        let (u, d, _) = parse_str("class A { void f(int p[]) { int a[], n, g[][] = null; } }");
        assert!(d.is_empty(), "{d:?}");
        let m = &u.classes[0].methods[0];
        assert!(matches!(m.params[0].ty, TypeExpr::Array { dims: 1, .. }));
        let StmtKind::Locals(decls) = &m.body.as_ref().unwrap().stmts[0].kind else {
            panic!("one declaration of three locals");
        };
        let dims: Vec<u8> = decls
            .iter()
            .map(|s| match &s.kind {
                StmtKind::Local {
                    ty: TypeExpr::Array { dims, .. },
                    ..
                } => *dims,
                _ => 0,
            })
            .collect();
        assert_eq!(dims, vec![1, 0, 2]);
        // Several dimension expressions, then empty pairs; none after an empty one.
        let (u, d, _) = parse_str("class A { void f() { int[][][] a = new int[2][3][]; } }");
        assert!(d.is_empty(), "{d:?}");
        let body = u.classes[0].methods[0].body.as_ref().unwrap();
        let StmtKind::Local {
            init: Some(init), ..
        } = &body.stmts[0].kind
        else {
            panic!("a declaration");
        };
        assert!(matches!(
            &init.kind,
            ExprKind::NewArrayDims { ty: TypeExpr::Array { dims: 3, .. }, dims } if dims.len() == 2
        ));
        let (_, d, _) = parse_str("class A { void f() { int[][][] a = new int[2][][3]; } }");
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.contains("expected `]`"), "{d:?}");
        let (_, d, _) = parse_str("class A { void f() { int[] a = new int[]; } }");
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.contains("needs a length"), "{d:?}");
    }
}
