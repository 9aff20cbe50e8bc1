// The TensorScript grammar: lexer and parser rules in one file.
//
// Indentation is not handled here. The lexer emits raw NEWLINE tokens and
// skips spaces, comments and backslash continuations; compiler/parse's token
// source (token_source.cpp) wraps the generated lexer, drops newlines inside
// brackets and blank lines, and inserts the INDENT/DEDENT tokens declared
// below. The rules follow Python's grammar, layered by precedence
// (loosest first), so a chain like `a + b + c` is one flat rule context.
grammar TensorScript;

tokens { INDENT, DEDENT }

// ------------------------------------------------------------------ statements

file_input: (NEWLINE | stmt)* EOF;

stmt: simple_stmts | compound_stmt;

simple_stmts: simple_stmt (';' simple_stmt)* ';'? NEWLINE;

simple_stmt
    : expr_stmt
    | return_stmt
    | pass_stmt
    | break_stmt
    | continue_stmt
    | import_stmt
    | from_import_stmt
    | assert_stmt
    | raise_stmt
    | global_stmt
    | nonlocal_stmt
    | del_stmt
    ;

// a = b = c, a += b, a: T [= v], or an expression on its own.
expr_stmt: testlist ( ':' test ('=' testlist)?
                    | augassign testlist
                    | ('=' testlist)*
                    );
augassign: '+=' | '-=' | '*=' | '/=' | '//=' | '%=' | '**=' | '@=' | '&=' | '|=' | '^=' | '<<=' | '>>=';

return_stmt: 'return' testlist?;
pass_stmt: 'pass';
break_stmt: 'break';
continue_stmt: 'continue';
import_stmt: 'import' dotted_as_name (',' dotted_as_name)*;
dotted_as_name: dotted_name ('as' NAME)?;
from_import_stmt: 'from' dotted_name 'import' ( import_as_names | '(' import_as_names ')' );
import_as_names: import_as_name (',' import_as_name)* ','?;
import_as_name: NAME ('as' NAME)?;
dotted_name: NAME ('.' NAME)*;
assert_stmt: 'assert' test (',' test)?;
raise_stmt: 'raise' (test ('from' test)?)?;
global_stmt: 'global' NAME (',' NAME)*;
nonlocal_stmt: 'nonlocal' NAME (',' NAME)*;
del_stmt: 'del' exprlist;

compound_stmt
    : if_stmt
    | while_stmt
    | for_stmt
    | with_stmt
    | try_stmt
    | funcdef
    | classdef
    | decorated
    ;

if_stmt: 'if' test ':' block elif_clause* else_clause?;
elif_clause: 'elif' test ':' block;
else_clause: 'else' ':' block;
while_stmt: 'while' test ':' block else_clause?;
for_stmt: 'for' exprlist 'in' testlist ':' block else_clause?;
try_stmt: 'try' ':' block (except_clause+ else_clause? finally_clause? | finally_clause);
except_clause: 'except' (test ('as' NAME)?)? ':' block;
finally_clause: 'finally' ':' block;
with_stmt: 'with' test ('as' NAME)? ':' block;

decorated: decorator+ (funcdef | classdef);
decorator: '@' test NEWLINE;

funcdef: 'def' NAME '(' parameters? ')' ('->' test)? ':' block;
parameters: param (',' param)* ','?;
// `*args`, a bare `*` (keyword-only parameters follow), `**kwargs`.
param: NAME (':' test)? ('=' test)? | star='*' (NAME (':' test)?)? | dstar='**' NAME (':' test)?;

classdef: 'class' NAME ('(' arglist? ')')? ':' block;

block: simple_stmts | NEWLINE INDENT stmt+ DEDENT;

// ----------------------------------------------------------------- expressions

testlist: (test | star_expr) (',' (test | star_expr))* ','?;
exprlist: (expr | star_expr) (',' (expr | star_expr))* ','?;
// `*xs` in a display or an assignment target: `[*a, *b]`, `a, *rest = xs`.
star_expr: '*' expr;

test: or_test ('if' or_test 'else' test)? | lambdef;
lambdef: 'lambda' lambda_params? ':' test;
lambda_params: lambda_param (',' lambda_param)* ','?;
lambda_param: NAME ('=' test)? | star='*' NAME? | dstar='**' NAME;
or_test: and_test ('or' and_test)*;
and_test: not_test ('and' not_test)*;
not_test: 'not' not_test | comparison;
comparison: expr (comp_op expr)*;
comp_op: '<' | '>' | '==' | '>=' | '<=' | '!=' | 'in' | 'not' 'in' | 'is' | 'is' 'not';
expr: xor_expr ('|' xor_expr)*;
xor_expr: and_expr ('^' and_expr)*;
and_expr: shift_expr ('&' shift_expr)*;
shift_expr: arith_expr (shift_op arith_expr)*;
shift_op: '<<' | '>>';
arith_expr: term (arith_op term)*;
arith_op: '+' | '-';
term: factor (term_op factor)*;
term_op: '*' | '@' | '/' | '%' | '//';
factor: unary_op factor | power;
unary_op: '+' | '-' | '~';
// `**` binds tighter than a unary operator on its left and is right-associative.
power: atom_expr ('**' factor)?;
atom_expr: atom trailer*;
atom
    : '(' testlist_comp? ')'
    | '[' testlist_comp? ']'
    | '{' dictmaker? '}'
    | '{' testlist_comp '}'
    | NAME
    | INTEGER
    | FLOAT_NUMBER
    | STRING+
    | '...'
    | 'None'
    | 'True'
    | 'False'
    ;
dictmaker: test ':' test comp_for | dict_item (',' dict_item)* ','?;
dict_item: test ':' test | '**' expr;
// `[e for x in xs if c]`, `(e for x in xs)` and `{e for x in xs}`; a plain
// list, tuple or set display otherwise.
testlist_comp: test comp_for | testlist;
comp_for: 'for' exprlist 'in' or_test comp_iter?;
comp_iter: comp_for | comp_if;
comp_if: 'if' or_test comp_iter?;
trailer
    : '(' arglist? ')'
    | '[' subscriptlist ']'
    | '.' NAME
    ;
subscriptlist: subscript (',' subscript)* ','?;
subscript: test | sliceop;
sliceop: lower=test? ':' upper=test? (':' step=test?)?;
arglist: argument (',' argument)* ','?;
argument: NAME '=' test | test comp_for? | star='*' test | dstar='**' test;

// ----------------------------------------------------------------------- lexer

DEF: 'def';
RETURN: 'return';
IF: 'if';
ELIF: 'elif';
ELSE: 'else';
WHILE: 'while';
FOR: 'for';
IN: 'in';
IS: 'is';
NOT: 'not';
AND: 'and';
OR: 'or';
WITH: 'with';
AS: 'as';
CLASS: 'class';
IMPORT: 'import';
FROM: 'from';
PASS: 'pass';
BREAK: 'break';
CONTINUE: 'continue';
ASSERT: 'assert';
TRY: 'try';
EXCEPT: 'except';
FINALLY: 'finally';
RAISE: 'raise';
GLOBAL: 'global';
NONLOCAL: 'nonlocal';
DEL: 'del';
NONE: 'None';
TRUE: 'True';
FALSE: 'False';

NAME: [a-zA-Z_] [a-zA-Z_0-9]*;

FLOAT_NUMBER
    : DIGITS '.' DIGITS? EXPONENT?
    | '.' DIGITS EXPONENT?
    | DIGITS EXPONENT
    ;
INTEGER
    : DIGITS
    | '0' [xX] [0-9a-fA-F_]+
    | '0' [bB] [01_]+
    | '0' [oO] [0-7_]+
    ;
fragment DIGITS: [0-9] [0-9_]*;
fragment EXPONENT: [eE] [+-]? [0-9]+;

// A prefix: `f` makes an f-string (build_fstring.cpp), `r` a raw string
// (backslashes are kept: build_literal.cpp DecodeString), `rf`/`fr` both.
// There are no bytes literals.
STRING
    : STRING_PREFIX? '"""' ( '\\' . | . )*? '"""'
    | STRING_PREFIX? '\'\'\'' ( '\\' . | . )*? '\'\'\''
    | STRING_PREFIX? '"' ( '\\' . | ~["\\\r\n] )* '"'
    | STRING_PREFIX? '\'' ( '\\' . | ~['\\\r\n] )* '\''
    ;
// A string that reaches the end of its line; the token source reports it.
UNTERMINATED_STRING
    : STRING_PREFIX? '"' ( '\\' ~[\r\n] | ~["\\\r\n] )*
    | STRING_PREFIX? '\'' ( '\\' ~[\r\n] | ~['\\\r\n] )*
    ;
fragment STRING_PREFIX: [fF] | [rR] | [fF] [rR] | [rR] [fF];

NEWLINE: '\r'? '\n' | '\r';
ELLIPSIS: '...';
DOT: '.';
LPAR: '(';
RPAR: ')';
LSQB: '[';
RSQB: ']';
LBRACE: '{';
RBRACE: '}';

SKIP_WS: [ \t\f]+ -> skip;
BYTE_ORDER_MARK: '\uFEFF' -> skip;
COMMENT: '#' ~[\r\n]* -> skip;
LINE_CONTINUATION: '\\' [ \t]* ('\r'? '\n' | '\r') -> skip;

// Any other character; the token source reports it and drops it.
ERROR_CHAR: .;
