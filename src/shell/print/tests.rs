use super::*;
use crate::shell::parser::parse;

/// `function_text` of the function defined first in `src`.
fn text(src: &str) -> String {
    let prog = parse(src.as_bytes()).unwrap_or_else(|e| panic!("{src:?}: {e:?}"));
    let item = prog.body.items.first().expect("a command");
    let Some(Command::FunctionDef(def)) = item.and_or.first.commands.first() else {
        panic!("{src:?}: not a function definition");
    };
    String::from_utf8(function_text(def)).expect("utf-8")
}

#[track_caller]
fn check(src: &str, want: &str) {
    assert_eq!(text(src), want, "source: {src:?}");
}

#[test]
fn brief_example() {
    check(
        "f() { echo \"a b\" $x 'q' >/dev/null; if true; then echo yes; elif false; then :; \
         else echo no; fi; for i in 1 2; do echo $i; done; while false; do break; done; \
         case $x in a|b) echo ab;; *) echo other;; esac; x=$(echo hi) y=2; a && b || c; \
         ( echo sub ); { echo grp; }; [[ -n $x && $y == a* ]]; (( i++ )); echo a | grep b & }",
        "f () \n{ \n    echo \"a b\" $x 'q' > /dev/null;\n    if true; then\n        echo yes;\n    \
         else\n        if false; then\n            :;\n        else\n            echo no;\n        \
         fi;\n    fi;\n    for i in 1 2;\n    do\n        echo $i;\n    done;\n    while false; do\n        \
         break;\n    done;\n    case $x in \n        a | b)\n            echo ab\n        ;;\n        \
         *)\n            echo other\n        ;;\n    esac;\n    x=$(echo hi) y=2;\n    a && b || c;\n    \
         ( echo sub );\n    { \n        echo grp\n    };\n    [[ -n $x && $y == a* ]];\n    (( i++ ));\n    \
         echo a | grep b &\n}",
    );
}

#[test]
fn subshell_bodies() {
    check("g() ( echo sub )", "g () \n{ \n    ( echo sub )\n}");
    check(
        "j() ( echo sub; echo b )",
        "j () \n{ \n    ( echo sub;\n    echo b )\n}",
    );
}

#[test]
fn arithmetic_and_arith_for() {
    check(
        "f() { ((i++)); ((  j = 1+2  )); for ((i=0;i<3;i++)); do :; done; for ((;;)); do break; done; \
         for ((  i=0  ;  i<3  ;  i++  )); do :; done; for ((i=0;;)); do :; done; }",
        "f () \n{ \n    ((i++));\n    ((  j = 1+2  ));\n    for ((i=0; i<3; i++))\n    do\n        :;\n    \
         done;\n    for ((1; 1; 1))\n    do\n        break;\n    done;\n    for ((i=0  ; i<3  ; i++  ))\n    \
         do\n        :;\n    done;\n    for ((i=0; 1; 1))\n    do\n        :;\n    done\n}",
    );
}

#[test]
fn conditional_commands() {
    check(
        "g() { [[ ( -n $a && -z \"$b\" ) || ! -f x ]]; [[ $x =~ ^a(b|c)$ ]]; [[ a < b ]]; [[ -n  $x ]]; }",
        "g () \n{ \n    [[ ( -n $a && -z \"$b\" ) || ! -f x ]];\n    [[ $x =~ ^a(b|c)$ ]];\n    \
         [[ a < b ]];\n    [[ -n $x ]]\n}",
    );
    check(
        "g() { [[ ! ( a == b ) ]] && [[ $(echo  1) == 1 ]]\n[[ -z $x &&\n  ( $y || ( -d $z ) ) ]]; }",
        "g () \n{ \n    [[ ! ( a == b ) ]] && [[ $(echo 1) == 1 ]];\n    [[ -z $x && ( -n $y || ( -d $z ) ) ]]\n}",
    );
    check(
        "g() { [[ $x ]]; [[ $x && $y ]]; [[ ( $x ) ]]; [[ ! $x ]]; [[ a || b ]]; [[ a = b ]]; }",
        "g () \n{ \n    [[ -n $x ]];\n    [[ -n $x && -n $y ]];\n    [[ ( -n $x ) ]];\n    [[ ! -n $x ]];\n    \
         [[ -n a || -n b ]];\n    [[ a = b ]]\n}",
    );
}

#[test]
fn pipelines_negation_time_and_jobs() {
    check(
        "h() { a |& b; ! a | b; time a | b; ! time a; echo a & echo b; echo c &\necho d; a | b |& c; }",
        "h () \n{ \n    a 2>&1 | b;\n    ! a | b;\n    time a | b;\n    time ! a;\n    echo a & echo b;\n    \
         echo c & echo d;\n    a | b 2>&1 | c\n}",
    );
}

#[test]
fn assignments_and_quoting() {
    check(
        "h() { declare -a arr=(1  2) x=$'\\t' y=$\"z\"; a[i+1]=3 b+=4 c=( [k]=v  w ); x=1 >f; >g; \
         echo $'it\\'s' $'a\\nb' a$'x'b \"$'q'\" $'\\x41' $'' $\"\" $'\\'' x$'\\''y; }",
        "h () \n{ \n    declare -a arr=(1 2) x='\t' y=\"z\";\n    a[i+1]=3 b+=4 c=([k]=v w);\n    \
         x=1 > f;\n    > g;\n    echo 'it'\\''s' 'a\nb' a'x'b \"$'q'\" 'A' '' \"\" \\' x\\'y\n}",
    );
}

#[test]
fn redirections() {
    check(
        "g() { a 2>/dev/null 1>&2 >&2 2>&1 <in 0<in 3<in >>app 2>>app &>both &>>both >|clob <>rw \
         3<>rw {fd}>x {fd}>&- 3>&- <&- 4<&3 5>&6- <<<\"here\" 2<<<x 1>x; \
         a >&6- <&6- >&- <&3 >&$x <&$x 2>&- >&$x- 2>&1- 7<&-; }",
        "g () \n{ \n    a 2> /dev/null 1>&2 1>&2 2>&1 < in < in 3< in >> app 2>> app &> both &>> both \
         >| clob 0<> rw 3<> rw {fd}> x {fd}>&- 3>&- 0>&- 4<&3 5>&6- <<< \"here\" 2<<< x > x;\n    \
         a 1>&6- 0<&6- 1>&- 0<&3 >&$x <&$x 2>&- 1>&$x- 2>&1- 7>&-\n}",
    );
}

#[test]
fn case_terminators_and_empty_arms() {
    check(
        "h() { case $x in a) ;; b) echo b;& c|d) echo c;;& *) echo; esac; case x in esac; \
         case y in (a) echo;; esac; }",
        "h () \n{ \n    case $x in \n        a)\n\n        ;;\n        b)\n            echo b\n        ;&\n        \
         c | d)\n            echo c\n        ;;&\n        *)\n            echo\n        ;;\n    esac;\n    \
         case x in \n    esac;\n    case y in \n        a)\n            echo\n        ;;\n    esac\n}",
    );
}

#[test]
fn loops() {
    check(
        "i() { select x in a b; do echo; done; select y; do :; done; for z; do :; done; \
         for w in; do :; done; until false; do :; done; }",
        "i () \n{ \n    select x in a b;\n    do\n        echo;\n    done;\n    select y in \"$@\";\n    \
         do\n        :;\n    done;\n    for z in \"$@\";\n    do\n        :;\n    done;\n    \
         for w in ;\n    do\n        :;\n    done;\n    until false; do\n        :;\n    done\n}",
    );
}

#[test]
fn nested_functions_and_reserved_names() {
    check(
        "k() { g() { echo in; }; function h2 { :; } ; }",
        "k () \n{ \n    function g () \n    { \n        echo in\n    };\n    function h2 () \n    \
         { \n        :\n    }\n}",
    );
    check("function if { echo; }", "function if () \n{ \n    echo\n}");
}

#[test]
fn compound_redirections_and_function_redirections() {
    check(
        "h() { { echo; } > f; ( echo ) 2>&1; if true; then :; fi >/dev/null; while :; do :; done < x; \
         { a; } |& b; }",
        "h () \n{ \n    { \n        echo\n    } > f;\n    ( echo ) 2>&1;\n    if true; then\n        :;\n    \
         fi > /dev/null;\n    while :; do\n        :;\n    done < x;\n    { \n        a\n    } 2>&1 | b\n}",
    );
    check(
        "i() { echo a; } 2>/dev/null",
        "i () \n{ \n    echo a\n} 2> /dev/null",
    );
}

#[test]
fn here_documents() {
    check(
        "f() {\n  cat <<EOF\na\\\nb $x\n\tc\nEOF\n  cat <<-\"E F\"  > /dev/null\n\t\tx\n\tE F\n  echo z\n}",
        "f () \n{ \n    cat <<EOF\nab $x\n\tc\nEOF\n\n    cat <<-'E F' > /dev/null\nx\nE F\n\n    echo z\n}",
    );
    check(
        "g() { a <<EOF | b <<'X' && c <<-E; d\nbody $x\nEOF\nbx\nX\n\te1\n\tE\necho done\n}",
        "g () \n{ \n    a <<EOF |\nbody $x\nEOF\n  b <<'X'\nbx\nX\n && c <<-E\ne1\nE\n\n    d;\n    echo done\n}",
    );
    check(
        "f() {\n  if true; then cat <<EOF\nx\nEOF\n  fi\n  a <<A | b <<B | c\na\nA\nb\nB\n  \
         while read l; do echo; done <<E\ne\nE\n  echo $(cat <<X\nfoo\nX\n)\n}",
        "f () \n{ \n    if true; then\n        cat <<EOF\nx\nEOF\n\n    fi\n    a <<A |\na\nA\n  b <<B |\nb\nB\n  \
         c\n    while read l; do\n        echo;\n    done <<E\ne\nE\n\n    echo $(cat <<X\nfoo\nX\n)\n}",
    );
}

#[test]
fn command_substitutions_are_reprinted() {
    check(
        "f() { echo $(echo   hi;  echo x)   \"a  b\"   `ls  -l`; x=( 1   2  [3]=4 ) y[1+1]=3; \
         echo $((1+2)) <(cat   a); }",
        "f () \n{ \n    echo $(echo hi; echo x) \"a  b\" `ls  -l`;\n    x=(1 2 [3]=4) y[1+1]=3;\n    \
         echo $((1+2)) <(cat a)\n}",
    );
    check(
        "f() { echo $(if true; then echo a; fi\necho b\nfor i in 1 2; do echo $i; done) \
         \"$(  echo  \"x\" )\" ${x:-$(echo  d)} $(( $(echo  1) + 2 )); \
         x=$( case a in a) echo  1;; esac ); }",
        "f () \n{ \n    echo $(if true; then\n    echo a;\nfi\necho b\nfor i in 1 2;\ndo\n    echo $i;\n\
         done) \"$(echo \"x\")\" ${x:-$(echo d)} $(( $(echo 1) + 2 ));\n    x=$(case a in \n    a)\n        \
         echo 1\n    ;;\nesac)\n}",
    );
    check(
        "g() { echo $( (echo a) ) $(\n# comment\necho a   # c2\necho b ;  echo c\n) $() $( ) $(echo a; ); }",
        "g () \n{ \n    echo $( ( echo a )) $(echo a\necho b; echo c) $() $() $(echo a)\n}",
    );
    check(
        "h() { echo $(echo a &) $(echo b & echo c) $(f() { echo; }; g() ( :; )) $({ a; b; }) \
         $(if a; then b; c; fi; while a; do b; done) ; }",
        "h () \n{ \n    echo $(echo a &) $(echo b & echo c) $(function f () \n{ \n    echo\n}; function g () \n\
         { \n    ( : )\n}) $({ a; b; }) $(if a; then\n    b; c;\nfi; while a; do\n    b;\ndone)\n}",
    );
}

#[test]
fn coprocesses_show_their_name() {
    check(
        "f() { coproc cat; coproc FOO { read x; echo $x; }; coproc ( echo sub ) > /dev/null; }",
        "f () \n{ \n    coproc COPROC cat;\n    coproc FOO { \n        read x;\n        echo $x\n    \
         };\n    coproc COPROC ( echo sub ) > /dev/null\n}",
    );
    check(
        "g() { coproc N2 if true; then cat; fi; }",
        "g () \n{ \n    coproc N2 if true; then\n        cat;\n    fi\n}",
    );
}
