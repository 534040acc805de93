// A rule of one's own, checked (`rule NAME = moves VARS -> CLAUSE | …`, read by movesBody.ts): what it
// means as the engine's plain data (engine/heaps/movesRule.ts's MovesRule), and what is wrong with it.
//
// Names are bound as the contract reads them: the position's variables everywhere in the rule; a
// clause's `for` variables from their loop on (a range may use the loops before it, the option and
// the condition every loop of the clause). A name bound twice in one clause is an error (which one
// would a reader mean?). Slots: the position's variables first, then the clause's loops in order, so a
// rule's slot count is its arity plus its longest run of loops.
//
// One variable is a heap rule (`(n)` is `n`); several are a tuple rule. An option is a position of
// the rule (a number, or a tuple of as many numbers as the rule has variables) or a split `[…]` of
// such positions. Numbers are exact to 2⁵³ − 1: a larger literal is refused here, a larger value
// met while computing stops the computation with a reason (the engine's MovesOverflow).
import type { MovesClause, MovesCondition, MovesExpr, MovesOption, MovesRule } from '../engine/heaps';
import type { Rule } from '../engine/types';
import type { MovesBody, MovesTerm, Name } from './ast';
import { type DiagnosticSink, error } from './diagnostics';
import { closestMatch } from './suggest';
import type { Span } from './text';

type Diagnostics = Pick<DiagnosticSink, 'push'>;

/** The largest number computed exactly: 2⁵³ − 1. */
const EXACT = BigInt(Number.MAX_SAFE_INTEGER);

class Invalid extends Error {}

/** The rule a `moves` body means, or undefined when it means none (the errors reported). */
export function checkMovesBody(body: MovesBody, diagnostics: Diagnostics): Rule | undefined {
  if (body.malformed || body.variables.length === 0) return undefined;
  const checker = new MovesChecker(body, diagnostics);
  const moves = checker.rule();
  if (!moves) return undefined;
  const text = movesText(body);
  return moves.arity === 1 ? { kind: 'moves', moves, text } : { kind: 'movesTuple', moves, text };
}

class MovesChecker {
  private failed = false;
  private readonly arity: number;
  /** The names in scope and their slots (the position's, then the current clause's loops). */
  private scope = new Map<string, number>();

  constructor(
    private readonly body: MovesBody,
    private readonly diagnostics: Diagnostics,
  ) {
    this.arity = body.variables.length;
  }

  rule(): MovesRule | undefined {
    const position = new Map<string, number>();
    for (const variable of this.body.variables) {
      if (position.has(variable.text))
        this.report(variable, `\`${variable.text}\` is already a variable of the position`);
      else position.set(variable.text, position.size);
    }
    let slots = this.arity;
    const clauses: MovesClause[] = [];
    for (const clause of this.body.clauses) {
      this.scope = new Map(position);
      try {
        const loops: { slot: number; from: MovesExpr; to: MovesExpr }[] = [];
        for (const loop of clause.loops) {
          // The parser made every part of a loop it kept (a missing one threw the clause out).
          const from = this.expression(loop.from!, 'the start of a range');
          const to = this.expression(loop.to!, 'the end of a range');
          const variable = loop.variable!;
          const slot = this.arity + loops.length;
          this.bind(variable, slot);
          loops.push({ slot, from, to });
        }
        slots = Math.max(slots, this.arity + loops.length);
        const option = this.option(clause.option!);
        const condition = clause.condition && this.condition(clause.condition);
        clauses.push({ option, loops, ...(condition ? { condition } : {}) });
      } catch (caught) {
        if (!(caught instanceof Invalid)) throw caught;
      }
    }
    if (this.failed) return undefined;
    return { kind: 'moves', arity: this.arity, slots, clauses };
  }

  private bind(variable: Name, slot: number): void {
    if (this.scope.has(variable.text)) {
      const whose =
        this.scope.get(variable.text)! < this.arity ? 'a variable of the position' : 'bound by a loop before';
      this.fail(variable, `\`${variable.text}\` is already ${whose}: give this loop's variable another name`);
    }
    this.scope.set(variable.text, slot);
  }

  private option(term: MovesTerm): MovesOption {
    if (term.kind === 'split') return { kind: 'split', parts: term.parts.map((part) => this.position(part, true)) };
    return { kind: 'position', position: this.position(term, false) };
  }

  /** A position of the rule: a number (a heap rule) or a tuple of `arity` numbers. */
  private position(term: MovesTerm, inSplit: boolean): MovesExpr[] {
    const tuple = this.arity > 1;
    const what = tuple ? `a position (${this.body.variables.map((v) => v.text).join(', ')})` : 'a heap (a number)';
    if (term.kind === 'split')
      this.fail(term, `a split cannot be inside a split: list the parts the move leaves in one \`[…]\``, 'wrong-arity');
    if (!tuple) {
      if (term.kind === 'tuple')
        this.fail(
          term,
          `${inSplit ? 'each part of a split' : 'an option'} of this rule is ${what}, ` +
            `not a tuple of ${term.items.length}`,
          'wrong-arity',
        );
      return [this.expression(term, 'a heap')];
    }
    if (term.kind !== 'tuple') {
      const message = inSplit
        ? `each part of a split in this rule is ${what}, written in parentheses`
        : `an option of this rule is ${what}, or a split \`[…]\` of such positions`;
      this.fail(term, message, 'wrong-arity');
    }
    if (term.items.length !== this.arity)
      this.fail(
        term,
        `a position of this rule is ${what.replace('a position ', '')}, ${this.arity} numbers; ` +
          `this one has ${term.items.length}`,
        'wrong-arity',
      );
    return term.items.map((item) => this.expression(item, 'a number of a position'));
  }

  private expression(term: MovesTerm, where: string): MovesExpr {
    switch (term.kind) {
      case 'int':
        if (term.value > EXACT)
          this.fail(term, `${term.value} is past 2^53 - 1, the largest number computed exactly`, 'number-too-large');
        return { kind: 'int', value: Number(term.value) };
      case 'var': {
        const slot = this.scope.get(term.name.text);
        if (slot === undefined) this.unknown(term.name);
        return { kind: 'var', slot: slot! };
      }
      case 'paren':
        return this.expression(term.inner, where);
      case 'unary':
        if (term.op === '-') return { kind: 'negate', arg: this.expression(term.arg, where) };
        return this.fail(term, `a condition where ${where} goes: a number is needed here`, 'moves-type');
      case 'binary':
        switch (term.op) {
          case '+':
          case '-':
          case '*':
          case '/':
          case '%':
            return {
              kind: 'binary',
              op: term.op,
              left: this.expression(term.left, where),
              right: this.expression(term.right, where),
            };
          default:
            return this.fail(term, `a condition where ${where} goes: a number is needed here`, 'moves-type');
        }
      case 'call': {
        const fn = term.fn.text as 'min' | 'max' | 'abs';
        if (fn === 'abs' ? term.args.length !== 1 : term.args.length === 0)
          this.fail(
            term,
            fn === 'abs' ? '`abs` takes one number' : `\`${fn}\` takes one or more numbers`,
            'wrong-arity',
          );
        return { kind: 'call', fn, args: term.args.map((arg) => this.expression(arg, where)) };
      }
      case 'tuple':
        return this.fail(term, `a tuple where ${where} goes: a number is needed here`, 'wrong-arity');
      case 'split':
        return this.fail(term, `a split where ${where} goes: a number is needed here`, 'wrong-arity');
    }
  }

  private condition(term: MovesTerm): MovesCondition {
    switch (term.kind) {
      case 'paren':
        return this.condition(term.inner);
      case 'unary':
        if (term.op === 'not') return { kind: 'not', arg: this.condition(term.arg) };
        break;
      case 'binary':
        switch (term.op) {
          case 'and':
          case 'or':
            return { kind: term.op, left: this.condition(term.left), right: this.condition(term.right) };
          case '==':
          case '!=':
          case '<':
          case '<=':
          case '>':
          case '>=':
            return {
              kind: 'compare',
              op: term.op,
              left: this.expression(term.left, 'a side of a comparison'),
              right: this.expression(term.right, 'a side of a comparison'),
            };
        }
    }
    return this.fail(term, 'a number where a condition goes: compare it, as in `n % 2 == 0`', 'moves-type');
  }

  private unknown(name: Name): never {
    const suggestion = closestMatch(name.text, this.scope.keys());
    const bound = [...this.scope.keys()].map((n) => `\`${n}\``).join(', ');
    this.diagnostics.push(
      error(
        'unknown-variable',
        name,
        `unknown variable \`${name.text}\`${suggestion ? `; did you mean \`${suggestion}\`?` : ''} ` +
          `(bound here: ${bound})`,
        suggestion ? { replacement: suggestion } : {},
      ),
    );
    this.failed = true;
    throw new Invalid();
  }

  private report(span: Span, message: string, code: 'variable-rebound' = 'variable-rebound'): void {
    this.diagnostics.push(error(code, span, message));
    this.failed = true;
  }

  private fail(
    span: Span,
    message: string,
    code: 'variable-rebound' | 'wrong-arity' | 'moves-type' | 'number-too-large' = 'variable-rebound',
  ): never {
    this.diagnostics.push(error(code, span, message));
    this.failed = true;
    throw new Invalid();
  }
}

/** A term as the formatter writes it: one space around binary operators, none inside brackets. */
export function termText(term: MovesTerm): string {
  switch (term.kind) {
    case 'int':
      return term.value.toString();
    case 'var':
      return term.name.text;
    case 'paren':
      return `(${termText(term.inner)})`;
    case 'unary':
      return term.op === 'not' ? `not ${termText(term.arg)}` : `-${termText(term.arg)}`;
    case 'binary':
      return `${termText(term.left)} ${term.op} ${termText(term.right)}`;
    case 'call':
      return `${term.fn.text}(${term.args.map(termText).join(', ')})`;
    case 'tuple':
      return `(${term.items.map(termText).join(', ')})`;
    case 'split':
      return `[${term.parts.map(termText).join(', ')}]`;
  }
}

/** The body as the formatter writes it on one line: `moves n -> n - k for k in 1..n / 2`. */
export function movesText(body: MovesBody): string {
  const variables = body.variables.map((v) => v.text).join(', ');
  const clauses = body.clauses.map((clause) => {
    const loops = clause.loops.map(
      (loop) => ` for ${loop.variable?.text} in ${loop.from && termText(loop.from)}..${loop.to && termText(loop.to)}`,
    );
    const condition = clause.condition ? ` if ${termText(clause.condition)}` : '';
    return `${clause.option ? termText(clause.option) : ''}${loops.join('')}${condition}`;
  });
  return `moves ${body.tuple ? `(${variables})` : variables} -> ${clauses.join(' | ')}`;
}
