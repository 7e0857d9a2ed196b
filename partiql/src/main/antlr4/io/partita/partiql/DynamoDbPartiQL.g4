/*
 * DynamoDB's PartiQL dialect: one SELECT, INSERT, UPDATE or DELETE statement per request, with '?' parameters,
 * document literals ('text', numbers, {'k': v}, [v, ...], <<v, ...>> sets), paths a.b[0] and "quoted" names.
 * Keywords are case-insensitive; names are case-sensitive.
 */
grammar DynamoDbPartiQL;

options { caseInsensitive = true; }

statement
    : (select | insert | update | delete | exists) SEMICOLON? EOF
    ;

select
    : SELECT projection FROM target (WHERE expr)? orderBy?
    ;

orderBy
    : ORDER BY orderItem (COMMA orderItem)*
    ;

orderItem
    : name (ASC | DESC)?
    ;

exists
    : EXISTS LPAREN select RPAREN
    ;

projection
    : STAR                                   # selectAll
    | path (COMMA path)*                     # selectPaths
    ;

target
    : name (DOT name)?
    ;

insert
    : INSERT INTO name VALUE value
    ;

update
    : UPDATE name updateClause+ WHERE expr returning?
    ;

updateClause
    : SET setItem (COMMA setItem)*           # setClause
    | REMOVE path (COMMA path)*              # removeClause
    ;

setItem
    : path EQ setValue
    ;

setValue
    : operand                                # setOperand
    | operand (PLUS | MINUS) operand         # setArithmetic
    ;

delete
    : DELETE FROM name WHERE expr returning?
    ;

returning
    : RETURNING (ALL | MODIFIED) (OLD | NEW) STAR
    ;

expr
    : LPAREN expr RPAREN                                     # parenExpr
    | NOT expr                                               # notExpr
    | expr AND expr                                          # andExpr
    | expr OR expr                                           # orExpr
    | operand comparator operand                             # compareExpr
    | operand BETWEEN operand AND operand                    # betweenExpr
    | operand IN (LBRACKET | LPAREN) operand (COMMA operand)* (RBRACKET | RPAREN) # inExpr
    | path IS NOT? (MISSING | NULL)                          # isExpr
    | IDENT LPAREN (operand (COMMA operand)*)? RPAREN        # functionExpr
    ;

comparator
    : EQ | NE | LT | LE | GT | GE
    ;

operand
    : value                                                  # valueOperand
    | path                                                   # pathOperand
    | IDENT LPAREN (operand (COMMA operand)*)? RPAREN        # functionOperand
    ;

value
    : PARAMETER                                              # parameterValue
    | STRING                                                 # stringValue
    | MINUS? (NUMBER | INTEGER)                              # numberValue
    | (TRUE | FALSE)                                         # booleanValue
    | NULL                                                   # nullValue
    | LBRACE (STRING COLON value (COMMA STRING COLON value)*)? RBRACE  # mapValue
    | LBRACKET (value (COMMA value)*)? RBRACKET              # listValue
    | LBAG (value (COMMA value)*)? RBAG                      # setValueLiteral
    ;

path
    : name (DOT name | LBRACKET INTEGER RBRACKET)*
    ;

name
    : IDENT
    | QUOTED_NAME
    | nonReserved
    ;

nonReserved
    : VALUE | MISSING | OLD | NEW | MODIFIED | ALL | RETURNING | ORDER | BY | ASC | DESC | EXISTS
    ;

SELECT : 'SELECT';
FROM : 'FROM';
WHERE : 'WHERE';
INSERT : 'INSERT';
INTO : 'INTO';
VALUE : 'VALUE';
UPDATE : 'UPDATE';
SET : 'SET';
REMOVE : 'REMOVE';
DELETE : 'DELETE';
RETURNING : 'RETURNING';
ALL : 'ALL';
MODIFIED : 'MODIFIED';
OLD : 'OLD';
NEW : 'NEW';
AND : 'AND';
OR : 'OR';
NOT : 'NOT';
BETWEEN : 'BETWEEN';
IN : 'IN';
IS : 'IS';
MISSING : 'MISSING';
NULL : 'NULL';
TRUE : 'TRUE';
FALSE : 'FALSE';
ORDER : 'ORDER';
BY : 'BY';
ASC : 'ASC';
DESC : 'DESC';
EXISTS : 'EXISTS';

STAR : '*';
COMMA : ',';
DOT : '.';
COLON : ':';
SEMICOLON : ';';
LPAREN : '(';
RPAREN : ')';
LBRACKET : '[';
RBRACKET : ']';
LBRACE : '{';
RBRACE : '}';
LBAG : '<<';
RBAG : '>>';
EQ : '=';
NE : '<>' | '!=';
LE : '<=';
GE : '>=';
LT : '<';
GT : '>';
PLUS : '+';
MINUS : '-';
PARAMETER : '?';

INTEGER : [0-9]+;
NUMBER : ([0-9]+ ('.' [0-9]*)? | '.' [0-9]+) ('E' [+-]? [0-9]+)?;
STRING : '\'' ('\'\'' | ~'\'')* '\'';
QUOTED_NAME : '"' ('""' | ~'"')* '"';
IDENT : [A-Z_] [A-Z_0-9$]*;

WS : [ \t\r\n]+ -> skip;
LINE_COMMENT : '--' ~[\r\n]* -> skip;
BLOCK_COMMENT : '/*' .*? '*/' -> skip;
