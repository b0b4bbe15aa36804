; Hand-written in the shape of `clang-14 -O0 -emit-llvm -S` output for:
;   void h(void) { }
;   void a(void) { char *x = getenv("A"); h(); }
;   void b(void) { h(); system("ls"); }
;   int main(int argc, char **argv) { if (argc > 1) a(); else b(); return 0; }
; getenv reaches system only along an impossible path: into h from a's
; call, out of h to the return site of b's call. Context-insensitive taint
; reports it; context-sensitive taint does not.
source_filename = "taint_context.c"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"A\00", align 1
@.str.1 = private unnamed_addr constant [3 x i8] c"ls\00", align 1

define dso_local void @h() #0 {
entry:
  ret void
}

define dso_local void @a() #0 {
entry:
  %x = alloca i8*, align 8
  %call = call i8* @getenv(i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0)) #2
  store i8* %call, i8** %x, align 8
  call void @h()
  ret void
}

declare i8* @getenv(i8* noundef) #1

define dso_local void @b() #0 {
entry:
  call void @h()
  %call = call i32 @system(i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.1, i64 0, i64 0))
  ret void
}

declare i32 @system(i8* noundef) #1

define dso_local i32 @main(i32 noundef %argc, i8** noundef %argv) #0 {
entry:
  %cmp = icmp sgt i32 %argc, 1
  br i1 %cmp, label %if.then, label %if.else

if.then:                                          ; preds = %entry
  call void @a()
  br label %if.end

if.else:                                          ; preds = %entry
  call void @b()
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  ret i32 0
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" }
attributes #1 = { "frame-pointer"="all" }
attributes #2 = { nounwind }
