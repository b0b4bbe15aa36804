; Hand-written in the shape of `clang-14 -O0 -emit-llvm -S` output for:
;   void run(char *c) { system(c); }
;   void direct(void) { char *a = getenv("A"); run(a); system(a); }
;   void cleaned(void) { char *b = getenv("B"); char *s = sanitize(b); system(s); }
;   int main(int argc, char **argv) { if (argc > 1) direct(); else cleaned(); return 0; }
source_filename = "taint.c"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"A\00", align 1
@.str.1 = private unnamed_addr constant [2 x i8] c"B\00", align 1

define dso_local void @run(i8* noundef %c) #0 {
entry:
  %c.addr = alloca i8*, align 8
  store i8* %c, i8** %c.addr, align 8
  %0 = load i8*, i8** %c.addr, align 8
  %call = call i32 @system(i8* noundef %0)
  ret void
}

declare i32 @system(i8* noundef) #1

define dso_local void @direct() #0 {
entry:
  %a = alloca i8*, align 8
  %call = call i8* @getenv(i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str, i64 0, i64 0)) #2
  store i8* %call, i8** %a, align 8
  %0 = load i8*, i8** %a, align 8
  call void @run(i8* noundef %0)
  %1 = load i8*, i8** %a, align 8
  %call1 = call i32 @system(i8* noundef %1)
  ret void
}

declare i8* @getenv(i8* noundef) #1

define dso_local void @cleaned() #0 {
entry:
  %b = alloca i8*, align 8
  %s = alloca i8*, align 8
  %call = call i8* @getenv(i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str.1, i64 0, i64 0)) #2
  store i8* %call, i8** %b, align 8
  %0 = load i8*, i8** %b, align 8
  %call1 = call i8* @sanitize(i8* noundef %0)
  store i8* %call1, i8** %s, align 8
  %1 = load i8*, i8** %s, align 8
  %call2 = call i32 @system(i8* noundef %1)
  ret void
}

declare i8* @sanitize(i8* noundef) #1

define dso_local i32 @main(i32 noundef %argc, i8** noundef %argv) #0 {
entry:
  %retval = alloca i32, align 4
  %argc.addr = alloca i32, align 4
  %argv.addr = alloca i8**, align 8
  store i32 0, i32* %retval, align 4
  store i32 %argc, i32* %argc.addr, align 4
  store i8** %argv, i8*** %argv.addr, align 8
  %0 = load i32, i32* %argc.addr, align 4
  %cmp = icmp sgt i32 %0, 1
  br i1 %cmp, label %if.then, label %if.else

if.then:                                          ; preds = %entry
  call void @direct()
  br label %if.end

if.else:                                          ; preds = %entry
  call void @cleaned()
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  ret i32 0
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" }
attributes #1 = { "frame-pointer"="all" }
attributes #2 = { nounwind }
